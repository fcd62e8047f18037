import type { ReactNode } from 'react';
import type { AccountRemoteConfig } from '@portal/shared-contracts';
import { RemoteBoundary } from '../federation/remote-boundary';
import { Footer } from './footer';
import { Header } from './header';
import './layout.css';

/** Header, footer and the auth modal host on every page (product §2.2). */
export function Layout({ accountConfig, children }: { accountConfig: AccountRemoteConfig; children: ReactNode }) {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header accountConfig={accountConfig} />
      <main id="main" className="site__main">
        {children}
      </main>
      <Footer />
      <RemoteBoundary id="mf_account/ModalHost" props={{ config: accountConfig }} variant="hidden" />
    </div>
  );
}
