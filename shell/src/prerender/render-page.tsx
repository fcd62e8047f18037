// The site's first HTML, rendered without a browser: header, footer and the route's placeholder
// (cards or the game frame's box) exactly as the shell's first client render draws them, so the
// first paint needs no JavaScript and nothing moves when the shell takes over. Built for Node
// by rspack.prerender.config.js; the site's server (scripts/serve/prerender.mjs) calls it per
// request with the runtime config and the request's host (branding by host).
import { renderToString } from 'react-dom/server';
import { resolveBrand, type RemoteModuleId, type RuntimeConfig } from 'shared-contracts';
import { App } from '../app';
import { RemoteMountCollector } from '../federation/remote-boundary';

export interface PrerenderedPage {
  /** Markup for inside <div id="root">. */
  html: string;
  /** The brand's document title and icon for <head>. */
  title: string;
  favicon: string;
  /** The remote modules this page mounts (for preload hints). */
  remoteModules: RemoteModuleId[];
}

export function renderPage(url: string, config: RuntimeConfig, hostname: string): PrerenderedPage {
  const brand = resolveBrand(hostname, config.brands, config.defaultBrand);
  const remoteModules = new Set<RemoteModuleId>();
  const html = renderToString(
    <RemoteMountCollector.Provider value={(id) => remoteModules.add(id)}>
      <App config={config} brand={brand} location={url} />
    </RemoteMountCollector.Provider>,
  );
  return { html, title: brand.title, favicon: brand.favicon, remoteModules: [...remoteModules] };
}
