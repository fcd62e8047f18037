import { BrowserRouter } from 'react-router-dom';
import type { Brand, RuntimeConfig } from 'shared-contracts';
import { BrandContext } from './branding/BrandContext';
import { Layout } from './layout/Layout';
import { AppRoutes } from './routes/AppRoutes';
import { Toasts } from './toasts/Toasts';

export function App({ config, brand }: { config: RuntimeConfig; brand: Brand }) {
  const accountConfig = { accountApiUrl: config.accountApiUrl, recaptchaSiteKey: config.recaptchaSiteKey };
  return (
    <BrandContext.Provider value={brand}>
      <BrowserRouter>
        <Layout accountConfig={accountConfig}>
          <AppRoutes accountConfig={accountConfig} />
        </Layout>
        <Toasts />
      </BrowserRouter>
    </BrandContext.Provider>
  );
}
