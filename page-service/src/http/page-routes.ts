// The site's routes: every page (pre-rendered, cacheable, with its security headers), /config.json,
// health, and, when the service also serves the shell's files (`npm start`), those files.
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GAMES } from '@portal/shared-contracts';
import { sitemapXml } from '@portal/shared-contracts/seo';
import { staticFiles } from '../assets/static-folder';
import { SHARED_PAGE_CACHE } from '../assets/cache-control';
import { fileSecurityHeaders, isSourceMap, servedOverHttps } from '../headers/security-headers';
import { negotiateEncoding, type CachedPage, type Encoding } from '../render/page-cache';
import { steeringHeaders } from '../builds/which-build';

/** A page drawn without part of its content (a failed pre-render, a remote unreachable): this answer only. */
const PAGE_NOT_WHOLE = 'private, no-store';

/** Longest path and query a page may have; a longer one is refused with 414, never rendered. */
export const MAX_URL_LENGTH = 2048;
/** A Host header as browsers send it: a name or address, and maybe a port. */
const VALID_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

const pathOf = (url: string) => url.split('?')[0] ?? '/';

/** GET/HEAD of a page route (extension-less path or /index.html) that accepts HTML. */
export function isPageRequest(method: string, pathname: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (pathname !== '/index.html' && /\.[a-z0-9]+$/i.test(pathname)) return false;
  const accepts = accept ?? '';
  return accepts === '' || accepts.includes('text/html') || accepts.includes('*/*');
}

function sendText(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
}

/**
 * Where nginx asks for the plain shell it sends when no page service answers and it has no copy
 * of the page (render/fallback-page.ts): kept in nginx's own cache, never public (nginx answers
 * this path only to itself), and `no-store` for anything beyond.
 */
export const FALLBACK_PATH = '/_portal/fallback';

export interface PageRouteOptions {
  /** Also serve the shell's files from this folder (npm start, development); in production nginx does. */
  serveAssetsFrom?: string | null;
}

function pageRoutes(app: FastifyInstance, { serveAssetsFrom = null }: PageRouteOptions, done: (error?: Error) => void): void {
  const { renderer, pageCache: cache } = app;
  const files = serveAssetsFrom ? staticFiles(serveAssetsFrom) : null;

  const health = () => Promise.resolve({ ok: true, part: 'page-service' });
  app.get('/__health', health);
  app.get('/livez', health);
  app.get('/readyz', async (_request, reply) => {
    const problem = await renderer.problem();
    return problem ? reply.code(503).send({ ok: false, detail: problem }) : { ok: true };
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/config.json',
    handler: async (request, reply) => {
      const https = servedOverHttps(request);
      // The stale-tab check reads this: it names the releases this visitor's pages carry.
      const { config, selection } = await app.whichBuild(request, false);
      const body = JSON.stringify(config);
      return reply
        .headers(fileSecurityHeaders(https))
        .header('content-type', 'application/json; charset=utf-8')
        .headers(steeringHeaders(selection, SHARED_PAGE_CACHE))
        .header('access-control-allow-origin', '*')
        .send(request.method === 'HEAD' ? undefined : body);
    },
  });

  // The sitemap leaves out games the link checker found dead (decision 0058), so it is drawn here
  // from the API's figures rather than kept as a file of the shell's build.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/sitemap.xml',
    handler: async (request, reply) => {
      const host = request.host;
      if (!VALID_HOST.test(host)) return sendText(reply, 400, 'Bad Request: missing or malformed Host header');
      const https = servedOverHttps(request);
      const unavailable = new Set(await renderer.unavailableGames());
      const body = sitemapXml(
        `${https ? 'https' : 'http'}://${host}`,
        GAMES.filter((game) => !unavailable.has(game.id)),
      );
      return reply
        .headers(fileSecurityHeaders(https))
        .header('content-type', 'application/xml; charset=utf-8')
        .header('cache-control', SHARED_PAGE_CACHE)
        .send(request.method === 'HEAD' ? undefined : body);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: FALLBACK_PATH,
    handler: async (request, reply) => {
      const html = await renderer.fallbackPage();
      if (html === null) return sendText(reply, 503, 'Service Unavailable: the shell has no index.html');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(request.method === 'HEAD' ? undefined : html);
    },
  });

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const https = servedOverHttps(request);
    const steered = await app.whichBuild(request, true);
    // A preview link: the cookie kept (or cleared) and the browser sent to the URL without it.
    if (steered.link)
      return reply
        .code(303)
        .headers(fileSecurityHeaders(https))
        .header('cache-control', 'no-store')
        .header('set-cookie', steered.setCookies[0])
        .header('location', steered.location)
        .send();
    const host = request.host;
    if (!VALID_HOST.test(host)) return sendText(reply, 400, 'Bad Request: missing or malformed Host header');
    if (request.url.length > MAX_URL_LENGTH) return sendText(reply, 414, 'URI Too Long');
    const asked = { url: request.url, host, https };
    const { selection } = steered;
    const rendered = await renderer.page(asked, steered);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const etag = encoding === 'identity' ? rendered.etag : rendered.etag.replace(/"$/, `-${encoding}"`);
    reply
      .code(rendered.status)
      .headers(rendered.headers)
      .header('content-type', 'text/html; charset=utf-8')
      .headers(steeringHeaders(selection, rendered.whole ? SHARED_PAGE_CACHE : PAGE_NOT_WHOLE));
    // A visitor's own answer (it sets their cohort) has no validator: a cache revalidating its
    // copy for visitors without the cookie would get a 304 and keep serving that copy to them.
    // Validators answer only for a 2xx page (RFC 9110 §13.2.1): a 404 or a 410 is sent whole, each
    // time. Nor has a page missing a remote's content a validator: nothing may keep it to revalidate.
    if (!selection.cacheable || rendered.status !== 200 || !rendered.whole) return sendBody(request, reply, rendered, encoding);
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return sendBody(request, reply, rendered, encoding);
  };

  const sendBody = async (request: FastifyRequest, reply: FastifyReply, rendered: CachedPage, encoding: Encoding) => {
    const body = await cache.encoded(rendered, encoding);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return reply.send(request.method === 'HEAD' ? undefined : body);
  };

  app.route({
    method: ['GET', 'HEAD', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      const pathname = pathOf(request.url);
      if (isPageRequest(request.method, pathname, request.headers.accept)) return page(request, reply);
      if (isSourceMap(pathname) || !files) return sendText(reply, 404, 'Not found');
      reply.hijack();
      files(request.raw, reply.raw, () => {
        reply.raw.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      });
    },
  });
  done();
}

/** Health, /config.json, the sitemap and every page (and, in development, the shell's files). */
export const pageRoutesPlugin = fastifyPlugin(pageRoutes, {
  name: 'page-routes',
  fastify: '5.x',
  dependencies: ['site', 'builds'],
});
