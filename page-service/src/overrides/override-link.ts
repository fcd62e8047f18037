// The link a tester opens (`?portal-override=<token>` on any page of the site): the page service
// answers it by keeping the token in a cookie (HttpOnly, SameSite=Lax, Secure over https, for what
// is left of its life) and sending the browser to the same URL without the parameter, so the token
// stays out of the address bar, the history and any Referer. A token that is not accepted, or
// `?portal-override=clear` (the banner's link), deletes the cookie instead.
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from 'shared-contracts';
import { fileSecurityHeaders, servedOverHttps } from '../headers/security-headers';
import type { PointerState } from '../releases/pointer-state';
import { withOverrideParam } from './override-banner';
import { acceptedOverride, overrideCookie } from './override-selector';
import { OVERRIDE_PARAM } from './override-token';

export interface OverrideLinkOptions {
  secret: string | null;
  config: () => Promise<{ config: RuntimeConfig; pointers: PointerState }>;
  /** Which requests are pages (the page routes' own rule). */
  isPage: (method: string, pathname: string, accept: string | undefined) => boolean;
  now?: () => number;
}

export function registerOverrideLink(
  app: FastifyInstance,
  { secret, config, isPage, now = Date.now }: OverrideLinkOptions,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    if (queryAt < 0) return;
    const params = new URLSearchParams(request.url.slice(queryAt + 1));
    if (!params.has(OVERRIDE_PARAM)) return;
    if (!isPage(request.method, request.url.slice(0, queryAt), request.headers.accept)) return;
    const token = params.get(OVERRIDE_PARAM) ?? '';
    const https = servedOverHttps(request);
    const at = now();
    const current = await config();
    const claims = token === 'clear' ? null : acceptedOverride(token, secret, current.config, current.pointers, at);
    return reply
      .code(303)
      .headers(fileSecurityHeaders(https))
      .header('cache-control', 'no-store')
      .header('set-cookie', overrideCookie(claims ? token : null, { https, exp: claims?.exp ?? 0, now: at }))
      .header('location', withOverrideParam(request.url, null))
      .send();
  });
}
