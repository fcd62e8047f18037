// Serves one built front-end part the way a CDN should (ARCHITECTURE "Ports and commands"):
// CORS for federated assets, no-cache for manifests and entries, long-lived caching for
// content-hashed chunks, history fallback for the shell.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sirv from 'sirv';
import { isPageRequest, renderDocument, sendDocument } from './serve/prerender.mjs';

const HASHED_ASSET = /\.[0-9a-f]{10}\.(js|css|map)$|^\/assets\//;
const ALWAYS_FRESH = new Set([
  '/mf-manifest.json',
  '/mf-manifest-stats.json',
  '/remoteEntry.js',
  '/index.html',
  '/config.json',
  '/',
]);

export function cacheControlFor(pathname) {
  // Extension-less paths are history-fallback routes answered with index.html.
  if (ALWAYS_FRESH.has(pathname) || !/\.[a-z0-9]+$/i.test(pathname)) return 'no-cache';
  if (HASHED_ASSET.test(pathname)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** Overlays environment variables on the shell's config.json so operators need no rebuild. */
export function configOverridesFromEnv(env = process.env) {
  const remotes = {};
  if (env.MF_CATALOG_URL) remotes.mf_catalog = env.MF_CATALOG_URL;
  if (env.MF_PLAYER_URL) remotes.mf_player = env.MF_PLAYER_URL;
  if (env.MF_ACCOUNT_URL) remotes.mf_account = env.MF_ACCOUNT_URL;
  const overrides = {};
  if (Object.keys(remotes).length) overrides.remotes = remotes;
  if (env.ACCOUNT_API_URL) overrides.accountApiUrl = env.ACCOUNT_API_URL;
  if (env.RECAPTCHA_SITE_KEY) overrides.recaptchaSiteKey = env.RECAPTCHA_SITE_KEY;
  return overrides;
}

/**
 * @param {{ root: string, port: number, host?: string, spa?: boolean, serveConfig?: boolean, configOverrides?: object, name: string }} options
 *   configOverrides: replaces fields of the shell's config.json (defaults to the environment's)
 * @returns {Promise<http.Server>}
 */
export function startStaticServer({
  root,
  port,
  host = '0.0.0.0',
  spa = false,
  serveConfig = false,
  configOverrides = configOverridesFromEnv(),
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
  const server = http.createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.writeHead(204).end();
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === '/__health') {
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        .end(JSON.stringify({ ok: true, part: name }));
      return;
    }
    const readConfig = async () => {
      const base = JSON.parse(await readFile(path.join(root, 'config.json'), 'utf8'));
      const overrides = configOverrides;
      return { ...base, ...overrides, remotes: { ...base.remotes, ...(overrides.remotes ?? {}) } };
    };
    // The site's pages: pre-rendered, with the runtime config and preload hints (scripts/serve/).
    if (serveConfig && spa && isPageRequest(req, pathname)) {
      try {
        const hostname = String(req.headers.host ?? 'localhost').replace(/:\d+$/, '');
        sendDocument(
          req,
          res,
          await renderDocument({ distRoot: root, url: req.url ?? '/', hostname, config: await readConfig() }),
        );
        return;
      } catch (error) {
        console.error(`[${name}] ${pathname}: serving the plain index.html`, error);
      }
    }
    if (serveConfig && pathname === '/config.json') {
      try {
        const merged = await readConfig();
        res
          .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end(JSON.stringify(merged));
      } catch (error) {
        res
          .writeHead(500, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ detail: `config.json unreadable: ${error.message}` }));
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
