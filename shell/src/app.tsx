import { BrowserRouter, StaticRouter } from 'react-router-dom';
import type { Brand, RuntimeConfig } from '@portal/shared-contracts';
import { BrandContext } from './branding/brand-context';
import { Layout } from './layout/layout';
import { NavigationEffects } from './navigation/navigation-effects';
import { PageMeta } from './seo/page-meta';
import { AppRoutes } from './routes/app-routes';
import { Toasts } from './toasts/toasts';

/**
 * The whole site. `location` renders it once for a given URL without a browser (the
 * pre-rendered HTML of src/prerender/): remotes show their placeholders there.
 */
export function App({ config, brand, location }: { config: RuntimeConfig; brand: Brand; location?: string }) {
  const accountConfig = { accountApiUrl: config.accountApiUrl, recaptchaSiteKey: config.recaptchaSiteKey };
  const site = (
    <>
      <PageMeta brand={brand} />
      <NavigationEffects />
      <Layout accountConfig={accountConfig}>
        <AppRoutes accountConfig={accountConfig} gameHosts={config.gameHosts} />
      </Layout>
      <Toasts />
    </>
  );
  return (
    <BrandContext.Provider value={brand}>
      {location === undefined ? <BrowserRouter>{site}</BrowserRouter> : <StaticRouter location={location}>{site}</StaticRouter>}
    </BrandContext.Provider>
  );
}
