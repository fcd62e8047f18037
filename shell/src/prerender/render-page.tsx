// The site's first HTML, rendered without a browser: header, footer and the route's placeholder
// (cards or the game frame's box) exactly as the shell's first client render draws them, so the
// first paint needs no JavaScript and nothing moves when the shell takes over. Built for Node
// by rspack.prerender.config.js; the site's server (scripts/serve/prerender.mjs) calls it per
// request with the runtime config and the request's host (branding by host).
import { renderToString } from 'react-dom/server';
import { resolveBrand, type RemoteModuleId, type RuntimeConfig } from 'shared-contracts';
import type { MetaTag } from 'shared-contracts/seo';
import { App } from '../app';
import { RemoteMountCollector } from '../federation/remote-boundary';
import { pageHeadFor } from '../seo/page-head';

export interface PrerenderedPage {
  /** Markup for inside <div id="root">. */
  html: string;
  /** The page's document title (decision 0026), the brand's icon and the page's meta tags for <head>. */
  title: string;
  favicon: string;
  metaTags: MetaTag[];
  /** The remote modules this page mounts (for preload hints). */
  remoteModules: RemoteModuleId[];
}

/** @param origin the site's origin as the player asked for it (scheme://host), for og:url. */
export function renderPage(url: string, config: RuntimeConfig, hostname: string, origin = `http://${hostname}`): PrerenderedPage {
  const brand = resolveBrand(hostname, config.brands, config.defaultBrand);
  const remoteModules = new Set<RemoteModuleId>();
  const html = renderToString(
    <RemoteMountCollector.Provider value={(id) => remoteModules.add(id)}>
      <App config={config} brand={brand} location={url} />
    </RemoteMountCollector.Provider>,
  );
  const { pathname, search } = new URL(url, origin);
  const head = pageHeadFor(pathname, search, brand, origin);
  return { html, title: head.title, favicon: brand.favicon, metaTags: head.tags, remoteModules: [...remoteModules] };
}
