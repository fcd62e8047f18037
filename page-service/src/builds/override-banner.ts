// The banner an override visitor's pages carry (decision 0047): which remote, which build, until
// when, and a link that clears it. Drawn by the server into that visitor's pages only (the shell's
// document renderer, shell/src/prerender/preview-banner.tsx, puts it first in the body, outside
// the React root: hydration never sees it), with its own small style and no script: it works
// without JS and costs nothing to anyone else.
import { OVERRIDE_PARAM, type OverrideClaims } from './override-token';
import type { PreviewBanner } from '@portal/shared-contracts/fragments';

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

/** The banner's content for the page at `url` (path and query as asked); the shell's document draws it. */
export function overrideBanner(claims: Pick<OverrideClaims, 'remote' | 'url' | 'exp'>, url: string): PreviewBanner {
  return { remote: claims.remote, url: claims.url, until: expiryText(claims.exp), clearHref: withOverrideParam(url, 'clear') };
}
