import { BrowserRouter } from 'react-router-dom';
import type { Brand, RuntimeConfig } from 'shared-contracts';
import { BrandContext } from './branding/brand-context';
import { Layout } from './layout/layout';
import { PageMeta } from './seo/page-meta';
import { AppRoutes } from './routes/app-routes';
import { Toasts } from './toasts/toasts';

export function App({ config, brand }: { config: RuntimeConfig; brand: Brand }) {
  const accountConfig = { accountApiUrl: config.accountApiUrl, recaptchaSiteKey: config.recaptchaSiteKey };
  return (
    <BrandContext.Provider value={brand}>
      <BrowserRouter>
        <PageMeta brand={brand} />
        <Layout accountConfig={accountConfig}>
          <AppRoutes accountConfig={accountConfig} gameHosts={config.gameHosts} />
        </Layout>
        <Toasts />
      </BrowserRouter>
    </BrandContext.Provider>
  );
}
