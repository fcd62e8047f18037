// The site's security headers (decision 0022): a Content-Security-Policy built from the runtime
// config the page carries, no framing, a strict referrer and permissions policy, COOP, and HSTS
// over https. The same values go to nginx's fallback page and into README "Security headers".
import { createHash } from 'node:crypto';
import { catalogueGameHosts, GAMES, httpOrigin, type RuntimeConfig } from '@portal/shared-contracts';

/** Google's documented sources for reCAPTCHA v2 (script, widget frame). */
export const RECAPTCHA = {
  scripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

const unique = (values: readonly (string | undefined)[]): string[] => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

/** The catalogue's game hosts: the default of `gameHosts` (the play page uses the same rule). */
export const DEFAULT_GAME_HOSTS: readonly string[] = catalogueGameHosts(GAMES);

/** The origins the play page may frame under this config. */
export const gameHostsOf = (config: Pick<RuntimeConfig, 'gameHosts'>): string[] =>
  unique((Array.isArray(config.gameHosts) ? config.gameHosts : DEFAULT_GAME_HOSTS).map(httpOrigin));

/**
 * sha256 sources for a page's executable inline scripts, as the document renderer reports the
 * text it wrote (so no 'unsafe-inline'). Data blocks (the config, JSON-LD) run nothing and need none.
 */
export function scriptHashes(inlineScripts: readonly string[]): string[] {
  return unique(inlineScripts.map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`));
}

export interface PolicyOptions {
  https?: boolean;
  scriptHashes?: readonly string[];
}

/** Directives a page's <meta http-equiv> cannot carry (nginx sends them with every page it keeps as a file). */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

/**
 * The policy for the page's <meta http-equiv> (less what only a header can carry), so the page
 * keeps its whole CSP when nginx serves it as a file or as the fallback, without this service's
 * headers. The document renderer puts it after the charset, before any script.
 */
export function policyMetaContent(policy: string): string {
  return policy
    .split('; ')
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.some((only) => directive.split(' ', 1)[0] === only.split(' ', 1)[0]))
    .join('; ');
}

/**
 * The site's CSP from its runtime config: scripts from itself, the remotes' origins and
 * reCAPTCHA; frames for reCAPTCHA and the game hosts; connections to the account API and the
 * remotes; never framed itself.
 */
export function contentSecurityPolicy(
  config: Pick<RuntimeConfig, 'remotes' | 'accountApiUrl' | 'gameHosts'>,
  { https = false, scriptHashes = [] }: PolicyOptions = {},
): string {
  // A config file may lack these fields: the page still gets a policy, only narrower.
  const remotes = unique(Object.values((config.remotes as Record<string, string> | undefined) ?? {}).map(httpOrigin));
  const api = httpOrigin(typeof config.accountApiUrl === 'string' ? config.accountApiUrl : '');
  const directives: Record<string, (string | undefined)[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...RECAPTCHA.scripts, ...scriptHashes],
    // React style props and the widgets' inline styles are style attributes: no script runs from them.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    // Game thumbnails come from the catalogue's image hosts; pictures from the API.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...remotes, api],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, api],
    'frame-src': [...gameHostsOf(config), ...RECAPTCHA.frames],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${unique(sources).join(' ')}`);
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** What a remote's server sends: it serves code, not pages; none of it may be framed. */
export const REMOTE_CSP = "object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Powerful features nobody on the site needs; the game frame keeps what GameFrame delegates. */
export function permissionsPolicy(gameHosts: readonly string[]): string {
  const delegated = `(self${gameHosts.map((host) => ` "${host}"`).join('')})`;
  return [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'payment=()',
    'usb=()',
    'serial=()',
    'hid=()',
    'display-capture=()',
    `autoplay=${delegated}`,
    `fullscreen=${delegated}`,
    `gamepad=${delegated}`,
  ].join(', ');
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers every response of the site carries, page or file. */
export const BASE_HEADERS = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** Source maps stay out of what is served (build artefacts, not assets), compressed or not. */
export const isSourceMap = (pathname: string): boolean => /\.map(\.(br|gz))?$/i.test(pathname);

/**
 * Served over https: TLS on this socket, or a trusted proxy saying so (Fastify's `protocol`
 * reads X-Forwarded-Proto only from the proxies TRUST_PROXIES names: http/proxy-trust.ts).
 */
export const servedOverHttps = (request: { protocol: string }): boolean => request.protocol === 'https';

/** The headers of one of the site's pages (they depend on its config and its inline scripts only). */
export function pageSecurityHeaders(
  config: RuntimeConfig,
  { https, scriptHashes }: { https: boolean; scriptHashes: readonly string[] },
): Record<string, string> & { 'Content-Security-Policy': string; 'Permissions-Policy': string } {
  return {
    ...BASE_HEADERS,
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
    'Content-Security-Policy': contentSecurityPolicy(config, { https, scriptHashes }),
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': permissionsPolicy(gameHostsOf(config)),
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}

/** The headers of a remote's files (and the site's own static files). */
export function fileSecurityHeaders(https: boolean): Record<string, string> {
  return {
    ...BASE_HEADERS,
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
    'Content-Security-Policy': REMOTE_CSP,
    'X-Frame-Options': 'DENY',
  };
}
