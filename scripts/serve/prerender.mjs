// The shell's HTML per request: the built index.html with the page pre-rendered into it
// (header, footer, the route's placeholder; shell/src/prerender/), the page's title, icon,
// description and link-preview tags, the shell's stylesheet inlined (first paint needs no second
// request), the runtime config inlined as JSON data and preload hints for the remotes the page
// mounts. Where the page's remote published its pages, its content is in the HTML too, with its
// stylesheet (remote-fragments.mjs, decision 0032).
// Without the pre-renderer build (shell/dist-prerender/) the page still gets the config and
// the hints; on any rendering error the plain index.html is sent and the shell starts as before.
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { cachedByMtime } from './file-cache.mjs';
import { gameStats } from './game-stats.mjs';
import { inlineConfigTag, jsonForScript } from './inline-config.mjs';
import { preloadHints, sharedChunkHints } from './preload-hints.mjs';
import { pageFragments } from './remote-fragments.mjs';

const require = createRequire(import.meta.url);
const escapeHtml = (value) =>
  String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The renderer module, re-required when a rebuild replaced it (the server looks files up per request). */
let loaded = { file: '', mtimeMs: 0, module: null };
async function rendererFor(distRoot) {
  const file = path.join(distRoot, '..', 'dist-prerender', 'render-page.cjs');
  const info = await stat(file).catch(() => null);
  if (!info) return null;
  if (loaded.file !== file || loaded.mtimeMs !== info.mtimeMs) {
    delete require.cache[require.resolve(file)];
    loaded = { file, mtimeMs: info.mtimeMs, module: require(file) };
  }
  return loaded.module;
}

/** The files a page is made from, each read again only when a rebuild replaced it. */
const readers = new Map();
function readCached(file, parse, fallback) {
  if (!readers.has(file)) readers.set(file, cachedByMtime(file, parse, fallback));
  return readers.get(file)();
}
const asText = (text) => text;
// Ready for a <style> element, once per build: the source map comment would point into the
// page's folder (maps are not served anyway), and '</' must not end the element early.
const styleElementText = (css) => css.replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '').replace(/<\//g, '<\\/');

/**
 * The shell's own stylesheet in a <style> element instead of a <link>: on a slow phone line the
 * header, footer and placeholders paint one round trip sooner, without waiting for a second
 * request that shares the line with the preloaded scripts (decision 0028). The CSP allows
 * inline styles ('unsafe-inline' in style-src). A missing file keeps the link.
 */
function inlineStylesheet(document, distRoot) {
  const link = /<link href="\/([\w.-]+\.css)" rel="stylesheet">/.exec(document);
  if (!link?.[1]) return document;
  const css = readCached(path.join(distRoot, link[1]), styleElementText, null);
  if (css === null) return document;
  return document.replace(link[0], () => `<style data-href="/${link[1]}">${css}</style>`);
}

/** The page's description and preview tags, marked so the client knows the server wrote them. */
const metaTagsHtml = (tags = []) =>
  tags
    .map((tag) => `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" data-page-meta>`)
    .join('');

/** JSON-LD for search engines, escaped like the inline config (data, never executed). */
const structuredDataHtml = (texts = []) =>
  texts.map((text) => `<script type="application/ld+json">${jsonForScript(JSON.parse(text))}</script>`).join('');

/** GET/HEAD of a page route (extension-less path or /index.html) that accepts HTML. */
export function isPageRequest(req, pathname) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (pathname !== '/index.html' && /\.[a-z0-9]+$/i.test(pathname)) return false;
  const accept = req.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * @param {{ distRoot: string, url: string, hostname: string, origin: string, config: Record<string, any> }} options
 * @returns {Promise<string>} the document
 */
export async function renderDocument({ distRoot, url, hostname, origin, config }) {
  let document = readCached(path.join(distRoot, 'index.html'), asText, null);
  if (document === null) throw new Error(`${distRoot}/index.html cannot be read`);
  let page = null;
  const pageUrl = url === '/index.html' ? '/' : url;
  const [fragments, stats] = await Promise.all([
    pageFragments(config.remotes ?? {}, new URL(pageUrl, origin).pathname),
    gameStats(config.accountApiUrl),
  ]);
  try {
    const renderer = await rendererFor(distRoot);
    page = renderer ? renderer.renderPage(pageUrl, config, hostname, origin, fragments.fragmentOf, stats) : null;
  } catch (error) {
    console.error(`[prerender] ${url} could not be pre-rendered; sending the plain page`, error);
  }
  const shellManifest = readCached(path.join(distRoot, 'mf-manifest.json'), JSON.parse, null);
  const hints = sharedChunkHints(shellManifest) + (await preloadHints(page?.remoteModules ?? [], config.remotes ?? {}));
  document = inlineStylesheet(document, distRoot);
  if (page) {
    document = document
      .replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${escapeHtml(page.title)}</title>${metaTagsHtml(page.metaTags)}${structuredDataHtml(page.structuredData)}`,
      )
      .replace(/<link rel="icon" href="[^"]*">/, `<link rel="icon" href="${escapeHtml(page.favicon)}">`)
      .replace('<div id="root"></div>', () => `<div id="root"${page.rootAttributes ?? ''}>${page.html}</div>`);
  }
  // The stylesheet of each remote page drawn from its fragment: its content paints styled at once.
  const fragmentStyles = (page?.fragments ?? [])
    .map((id) => `<style data-remote-fragment-style="${escapeHtml(id)}">${styleElementText(fragments.styleOf(id))}</style>`)
    .join('');
  return document.replace('</head>', () => `${fragmentStyles}${inlineConfigTag(config)}${hints}</head>`);
}

/** Sends a rendered document, compressed when the browser accepts it (it is made per request). */
export function sendDocument(req, res, document) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding, Host',
  };
  let body = Buffer.from(document);
  if (/\bbr\b/.test(accepts)) {
    body = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
    headers['Content-Encoding'] = 'br';
  } else if (/\bgzip\b/.test(accepts)) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
}
