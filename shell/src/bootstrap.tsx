import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveBrand } from 'shared-contracts';
import 'shared-contracts/theme.css';
import { App } from './app';
import { applyBrandToDocument } from './branding/apply-brand';
import { loadRuntimeConfig } from './config/load-config';
import { captureServerFragments, RemoteFragments } from './federation/remote-fragments';
import { initRemotes } from './federation/remotes';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // Read before React replaces the server's HTML: the remotes' pages it carries (decision 0032).
  const fragments = captureServerFragments(container);
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    initRemotes(config);
    const brand = resolveBrand(window.location.hostname, config.brands, config.defaultBrand);
    applyBrandToDocument(brand);
    // A transition: React builds the page in slices of a few ms, yielding to the browser between
    // them, while the server's pre-rendered HTML stays on screen until the commit (issue 9's TBT).
    startTransition(() =>
      root.render(
        <RemoteFragments.Provider value={fragments}>
          <App config={config} brand={brand} />
        </RemoteFragments.Provider>,
      ),
    );
  } catch (error) {
    console.error('[shell] start-up failed', error);
    root.render(
      <div className="page" role="alert">
        <h1 className="page-title">We could not start the site</h1>
        <p>Please check your connection and reload the page.</p>
      </div>,
    );
  }
}

void start();
