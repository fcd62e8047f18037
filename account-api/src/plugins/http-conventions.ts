import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Every JSON answer: nothing to load, never framed (OWASP's REST headers). */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
/** The site's own HSTS (deploy/nginx.conf): a year, every subdomain. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** CORS, the body parsers and the security headers of every answer. */
const httpConventions: FastifyPluginAsync = async (app) => {
  const { config } = app;
  // Bearer tokens, not cookies: any listed origin may call. '*' only outside production (config refuses it there).
  await app.register(fastifyCors, {
    origin: config.corsOrigins.includes('*') ? '*' : config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'],
    exposedHeaders: ['retry-after'],
    maxAge: 600,
  });
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });

  // Bodiless POSTs (get-user-info, save_profile) may still say application/json: treat '' as no body.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void defaultJsonParser(request, text, done); // answers through done()
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    // No answer of the API is ever a page to frame (clickjacking); browsers that ignore
    // frame-ancestors still honour X-Frame-Options.
    reply.header('x-frame-options', 'DENY');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string') reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    else if (!policy.includes('frame-ancestors')) reply.header('content-security-policy', `${policy}; frame-ancestors 'none'`);
    // HSTS over TLS (as the proxy in front says) and always in production, where only https is served.
    if (config.production || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // Account data must not sit in shared caches; uploads set their own policy.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
};

export default fp(httpConventions, { name: 'http-conventions', dependencies: ['app-options'] });
