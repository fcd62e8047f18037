// The banner of a page drawn with a preview override: which remote loads from where, until when,
// and a Clear button (a plain form: no script, so no CSP hash, and it works before hydration).
// It sits after the root element, outside what React hydrates, fixed at the bottom of the window
// so it moves nothing on the page.
import type { OverrideClaims } from './override-token';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const BANNER_ID = 'release-override-banner';

export function overrideBanner(override: OverrideClaims, pathname: string): string {
  const until = new Date(override.exp)
    .toISOString()
    .replace(/:\d\d\.\d+Z$/, ' UTC')
    .replace('T', ' ');
  return (
    `<div id="${BANNER_ID}" role="status" style="position:fixed;z-index:2147483647;left:0;right:0;bottom:0;` +
    'display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:center;padding:8px 12px;' +
    'background:#3b0764;color:#fff;font:14px/1.4 system-ui,sans-serif">' +
    `<span>Preview: <strong>${escapeHtml(override.remote)}</strong> loads ${escapeHtml(override.url)} in this browser until ${until}</span>` +
    `<form method="get" action="${escapeHtml(pathname)}" style="margin:0">` +
    '<input type="hidden" name="release_override" value="clear">' +
    '<button type="submit" style="font:inherit;padding:2px 12px;cursor:pointer">Clear</button></form></div>'
  );
}
