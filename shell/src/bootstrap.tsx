import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { resolveBrand } from '@portal/shared-contracts';
import '@portal/shared-contracts/theme.css';
import { setPlayDataApi } from '@portal/runtime';
import { App } from './app';
import { applyBrandToDocument } from './branding/apply-brand';
import { loadRuntimeConfig } from './config/load-config';
import { RemoteFragments, serverFragmentsOf } from './federation/remote-fragments';
import { initRemotes, loadRemoteModule } from './federation/remotes';
import { startTelemetry } from './telemetry/client-telemetry';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The site's server pre-renders every page (page-service/src/render/document.ts); a plain index.html
  // (a static host, or a page the server could not render) has an empty root.
  const serverRendered = container.firstElementChild !== null;
  const fragments = serverFragmentsOf(container);
  try {
    const config = await loadRuntimeConfig();
    initRemotes(config);
    startTelemetry(config, loadRemoteModule);
    // Play counts and likes live in the account API; the remotes read where it is from here.
    setPlayDataApi(config.accountApiUrl);
    const brand = resolveBrand(window.location.hostname, config.brands, config.defaultBrand);
    applyBrandToDocument(brand);
    const site = (
      <RemoteFragments.Provider value={fragments}>
        <App config={config} brand={brand} />
      </RemoteFragments.Provider>
    );
    if (serverRendered) {
      // Hydrated, not rebuilt (decision 0032): React adopts the server's elements, so nothing on
      // screen is replaced, a click during start-up lands on the element it was aimed at, and a
      // remote's page from the server stays until the remote mounts. Hydration yields to the
      // browser between slices like a transition, so no long task blocks input. Where the HTML differs from
      // the first render, React renders that part again itself; the report says where.
      hydrateRoot(container, site, {
        onRecoverableError: (error) => console.warn('[shell] the server HTML differed; rendered again', error),
      });
    } else {
      // A transition: React builds the page in slices of a few ms, yielding between them.
      const root = createRoot(container);
      startTransition(() => root.render(site));
    }
  } catch (error) {
    console.error('[shell] start-up failed', error);
    container.replaceChildren();
    createRoot(container).render(
      <div className="page" role="alert">
        <h1 className="page-title">We could not start the site</h1>
        <p>Please check your connection and reload the page.</p>
      </div>,
    );
  }
}

void start();
