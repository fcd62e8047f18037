// Security headers of the static servers (issue 10): a Content-Security-Policy built from the
// runtime config the shell serves, no framing of the site, a strict referrer and permissions
// policy, HSTS over https, and no source maps. README "Security headers" lists the same
// headers for a CDN. Pure functions plus one small factory used by scripts/static-server.mjs.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedByMtime } from './file-cache.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CATALOGUE_FILE = path.resolve(here, '..', '..', 'shared-contracts', 'src', 'catalogue', 'games.json');

/** Google's documented sources for reCAPTCHA v2 (script, widget frame). */
export const RECAPTCHA = {
  scripts: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frames: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** `scheme://host[:port]` of an http(s) URL, or null. */
export function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const unique = (values) => [...new Set(values.filter(Boolean))];

/** The catalogue's game hosts: the default of `gameHosts` (the play page uses the same rule). */
export function catalogueGameHosts(file = CATALOGUE_FILE) {
  try {
    const games = JSON.parse(readFileSync(file, 'utf8'));
    return unique(games.map((game) => originOf(game.link)));
  } catch {
    return [];
  }
}

/** sha256 sources for the inline <script> blocks of an HTML page (so no 'unsafe-inline'). */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/.test(attributes) || body === '') continue;
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue; // data, not code
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return unique(hashes);
}

/**
 * The site's CSP from its runtime config (/config.json):
 * scripts from itself, the remotes' origins and reCAPTCHA; frames for reCAPTCHA and the game
 * hosts; connections to the account API and the remotes; never framed itself.
 * @param {{ remotes?: Record<string,string>, accountApiUrl?: string, gameHosts?: string[] }} config
 * @param {{ https?: boolean, scriptHashes?: string[], defaultGameHosts?: string[] }} [options]
 */
export function contentSecurityPolicy(
  config,
  { https = false, scriptHashes = [], defaultGameHosts = catalogueGameHosts() } = {},
) {
  const remotes = unique(Object.values(config.remotes ?? {}).map(originOf));
  const api = originOf(config.accountApiUrl ?? '');
  const gameHosts = unique((Array.isArray(config.gameHosts) ? config.gameHosts : defaultGameHosts).map(originOf));
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...RECAPTCHA.scripts, ...scriptHashes],
    // React style props and the widgets' inline styles are style attributes: no script runs from them.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    // Game thumbnails come from the catalogue's image hosts; pictures from the API.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...remotes, api],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, api],
    'frame-src': [...gameHosts, ...RECAPTCHA.frames],
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
export function permissionsPolicy(gameHosts = []) {
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

/** Source maps stay out of what is served (they are build artefacts, not assets). */
export const isSourceMap = (pathname) => /\.map$/i.test(pathname);

/** Served over https: TLS on this socket, or a TLS-terminating proxy saying so. */
export function servedOverHttps(req) {
  if (req.socket?.encrypted) return true;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim()
    .toLowerCase();
  return forwarded === 'https';
}

/**
 * Headers for every response of one static server.
 * @param {{ root: string, shell: boolean, configOverrides?: object }} options
 *   shell: this server serves the site (index.html, config.json); otherwise a remote's code.
 * @returns {(req: import('node:http').IncomingMessage) => Record<string, string>}
 */
export function createSecurityHeaders({ root, shell, configOverrides = {} }) {
  const readConfig = cachedByMtime(path.join(root, 'config.json'), JSON.parse, {});
  const readHashes = cachedByMtime(path.join(root, 'index.html'), inlineScriptHashes, []);
  const defaultGameHosts = catalogueGameHosts();
  // runtimeConfig: the config this request's page gets (release pointers included), when the
  // server has read it; else config.json with the overrides.
  return (req, runtimeConfig) => {
    const https = servedOverHttps(req);
    const headers = { 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Content-Type-Options': 'nosniff' };
    if (https) headers['Strict-Transport-Security'] = HSTS;
    if (!shell) return { ...headers, 'Content-Security-Policy': REMOTE_CSP, 'X-Frame-Options': 'DENY' };
    const base = readConfig();
    const config = runtimeConfig ?? {
      ...base,
      ...configOverrides,
      remotes: { ...base.remotes, ...(configOverrides.remotes ?? {}) },
    };
    const gameHosts = unique((Array.isArray(config.gameHosts) ? config.gameHosts : defaultGameHosts).map(originOf));
    return {
      ...headers,
      'Content-Security-Policy': contentSecurityPolicy(config, { https, scriptHashes: readHashes(), defaultGameHosts }),
      'X-Frame-Options': 'DENY',
      'Permissions-Policy': permissionsPolicy(gameHosts),
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    };
  };
}
