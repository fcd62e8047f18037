/** The site's own path a link leads to, or null (another site, a new tab, a download). */
export function sitePathOf(link: HTMLAnchorElement): string | null {
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname : null;
}
