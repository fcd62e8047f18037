// Serves one built front-end part the way a CDN should (architecture.md §7):
// CORS for federated assets, no-cache for manifests and entries, long-lived caching for
// content-hashed chunks, history fallback for the shell.
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { createSecurityHeaders, isSourceMap, servedOverHttps } from './serve/security-headers.mjs';
import parts from '../build-config/parts.js';
import { readRuntimeConfig } from './serve/runtime-config.mjs';
import { isPageRequest, renderDocument, sendDocument } from './serve/prerender.mjs';

const HASHED_ASSET = /\.[0-9a-f]{10}\.(js|css|map)$|\/assets\//;
// Unhashed entry files: revalidated on every use, in any folder (/mf-catalog/v2/mf-manifest.json too).
const ALWAYS_FRESH = new Set(['mf-manifest.json', 'mf-manifest-stats.json', 'fragments.json', 'remoteEntry.js', 'index.html', 'config.json']);

export function cacheControlFor(pathname) {
  // Extension-less paths are history-fallback routes answered with index.html.
  if (ALWAYS_FRESH.has(path.posix.basename(pathname)) || !/\.[a-z0-9]+$/i.test(pathname)) return 'no-cache';
  if (HASHED_ASSET.test(pathname)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** Overlays environment variables on the shell's config.json so operators need no rebuild. */
export function configOverridesFromEnv(env = process.env) {
  const remotes = {};
  for (const { container } of parts.registry.remotes) {
    const url = env[parts.urlEnvOf(container)];
    if (url) remotes[container] = url;
  }
  const overrides = {};
  if (Object.keys(remotes).length) overrides.remotes = remotes;
  if (env.ACCOUNT_API_URL) overrides.accountApiUrl = env.ACCOUNT_API_URL;
  if (env.RECAPTCHA_SITE_KEY) overrides.recaptchaSiteKey = env.RECAPTCHA_SITE_KEY;
  return overrides;
}

/**
 * @param {{ root: string, port: number, host?: string, spa?: boolean, serveConfig?: boolean, configOverrides?: object, releasesDir?: string, name: string }} options
 *   configOverrides: replaces fields of the shell's config.json (defaults to the environment's)
 *   releasesDir: folder of scripts/release.mjs whose pointers (current.json) repoint remotes live
 *   (defaults to RELEASES_DIR)
 * @returns {Promise<http.Server>}
 */
export function startStaticServer({
  root,
  port,
  host = '0.0.0.0',
  spa = false,
  serveConfig = false,
  configOverrides = configOverridesFromEnv(),
  releasesDir = process.env.RELEASES_DIR,
  name,
}) {
  const assets = sirv(root, {
    // Look files up per request (a stat each): a rebuilt dist is served at once, and a file
    // removed by a rebuild is a 404, not a crash of a cached index.
    dev: true,
    etag: true,
    gzip: true,
    brotli: true,
    single: spa,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });
  const securityHeaders = createSecurityHeaders({ root, shell: serveConfig, configOverrides });
  // Re-read on every request, with the release pointers on top (decision 0019).
  const readConfig = () => readRuntimeConfig({ root, overrides: configOverrides, releasesDir });
  const server = http.createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    const pathname = (req.url ?? '/').split('?')[0];
    // Read once per request, and only where it is used: a document (its CSP names the origins of
    // the config the page gets, release pointers included; its pre-rendered HTML inlines it) and
    // /config.json. Assets keep the CSP of the cached config.json, which no browser applies to them.
    const isDocument = pathname === '/index.html' || !/\.[a-z0-9]+$/i.test(pathname);
    const configRead = serveConfig && (isDocument || pathname === '/config.json') ? readConfig() : null;
    const runtimeConfig = configRead ? await configRead.catch(() => undefined) : undefined;
    for (const [header, value] of Object.entries(securityHeaders(req, runtimeConfig))) res.setHeader(header, value);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.writeHead(204).end();
      return;
    }
    if (isSourceMap(pathname)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    if (pathname === '/__health') {
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        .end(JSON.stringify({ ok: true, part: name }));
      return;
    }
    // The site's pages: pre-rendered, with the runtime config and preload hints (scripts/serve/).
    if (serveConfig && spa && isPageRequest(req, pathname)) {
      try {
        const host = String(req.headers.host ?? 'localhost');
        const origin = `${servedOverHttps(req) ? 'https' : 'http'}://${host}`;
        const page = {
          distRoot: root,
          url: req.url ?? '/',
          hostname: host.replace(/:\d+$/, ''),
          origin,
          config: await configRead,
        };
        sendDocument(req, res, await renderDocument(page));
        return;
      } catch (error) {
        console.error(`[${name}] ${pathname}: serving the plain index.html`, error);
      }
    }
    if (serveConfig && pathname === '/config.json') {
      try {
        const merged = await configRead;
        res
          .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end(JSON.stringify(merged));
      } catch (error) {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: error.message }));
      }
      return;
    }
    assets(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

// `node scripts/static-server.mjs <dist> <port> [--spa] [--config]`: serve one part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [root, port] = process.argv.slice(2);
  if (!root || !port) {
    console.error('usage: node scripts/static-server.mjs <dist-folder> <port> [--spa] [--config]');
    process.exit(2);
  }
  const spa = process.argv.includes('--spa');
  await startStaticServer({
    root: path.resolve(root),
    port: Number(port),
    spa,
    serveConfig: process.argv.includes('--config'),
    name: root,
  });
  console.log(`Serving ${root} on http://localhost:${port}`);
}
