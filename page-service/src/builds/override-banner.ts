// The banner an override visitor's pages carry (decision 0047): which remote, which build, until
// when, and a link that clears it. Drawn by the server into that visitor's pages only, outside the
// React root (hydration never sees it), with its own small style and no script: it works without
// JS and costs nothing to anyone else.
import { OVERRIDE_PARAM, type OverrideClaims } from './override-token';
import { escapeHtml } from 'shared-contracts';

/** The page's own URL with the override parameter set to `value` (other parameters kept). */
export function withOverrideParam(url: string, value: string | null): string {
  const parsed = new URL(url, 'http://page.invalid');
  parsed.searchParams.delete(OVERRIDE_PARAM);
  if (value !== null) parsed.searchParams.set(OVERRIDE_PARAM, value);
  // A raw path such as `/.//evil.example/` parses to `//evil.example/`: as a link or Location, that
  // is another site. One leading slash, always.
  return `${parsed.pathname.replace(/^\/+/, '/')}${parsed.search}`;
}

/** "24 Nov 2026, 21:40 UTC": the same for every tester, whatever the server's time zone. */
export function expiryText(exp: number): string {
  const at = new Date(exp);
  const date = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

// The theme's warning colour with the page's background colour as text: a contrast above 10:1.
const STYLE =
  '.portal-override{display:flex;flex-wrap:wrap;align-items:center;gap:4px 16px;padding:8px 16px;' +
  'background:var(--color-warning,#fbbf24);color:#0e0c1b;font:14px/1.4 system-ui,sans-serif;border-bottom:2px solid #0e0c1b}' +
  '.portal-override p{margin:0;flex:1 1 320px;min-width:0;overflow-wrap:anywhere}' +
  '.portal-override code{font:13px/1.4 ui-monospace,monospace}' +
  '.portal-override a{color:#0e0c1b;font-weight:700;text-decoration:underline;padding:6px 4px;white-space:nowrap}' +
  '.portal-override a:focus-visible{outline:3px solid #0e0c1b;outline-offset:2px}';

/** The banner's HTML for the page at `url` (path and query as asked). */
export function overrideBannerHtml(claims: Pick<OverrideClaims, 'remote' | 'url' | 'exp'>, url: string): string {
  const clear = withOverrideParam(url, 'clear');
  return (
    `<style>${STYLE}</style>` +
    '<aside class="portal-override" aria-labelledby="portal-override-title">' +
    `<p><strong id="portal-override-title">Preview override active:</strong> ${escapeHtml(claims.remote)} loads ` +
    `<code>${escapeHtml(claims.url)}</code> until ${escapeHtml(expiryText(claims.exp))}.</p>` +
    `<a href="${escapeHtml(clear)}">Clear preview</a>` +
    '</aside>'
  );
}

/** The document with the banner first in its body. */
export function withBanner(html: string, banner: string): string {
  if (!banner) return html;
  return html.replace(/<body\b[^>]*>/i, (body) => `${body}${banner}`);
}
