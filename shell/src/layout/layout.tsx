import { ViewTransition, type ReactNode } from 'react';
import type { AccountRemoteConfig } from 'shared-contracts';
import { RemoteBoundary } from '../federation/remote-boundary';
import { PAGE_CHANGE } from '../navigation/page-change';
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
      {/* A page the player opened cross-fades in, where the browser can (navigation/page-change.ts). */}
      <ViewTransition name="site-page" update={{ [PAGE_CHANGE]: 'auto', default: 'none' }}>
        <main id="main" className="site__main">
          {children}
        </main>
      </ViewTransition>
      <Footer />
      <RemoteBoundary id="mf_account/ModalHost" props={{ config: accountConfig }} variant="hidden" />
    </div>
  );
}
