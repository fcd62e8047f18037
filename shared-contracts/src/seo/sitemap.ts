import type { Game } from '../catalogue/game';
import { PAGE_NAMES, ROUTES } from '../routing/pages';
import { PAGE_RULES } from './page-rules';
import { escapeHtml } from '../text/escape-html';

/** Every indexable path (decision 0026): each page's published paths, in the page list's order. */
export function sitemapPaths(games: readonly Game[]): string[] {
  return PAGE_NAMES.flatMap((name) => PAGE_RULES[name].published?.(games) ?? []);
}

/** sitemap.xml (sitemaps.org 0.9) for a site root such as https://games.example. */
export function sitemapXml(siteUrl: string, games: readonly Game[]): string {
  const root = siteUrl.replace(/\/+$/, '');
  const urls = sitemapPaths(games).map((path) => `  <url><loc>${escapeHtml(root + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled except search results and the profile; names the sitemap. */
export function robotsTxt(siteUrl: string): string {
  const root = siteUrl.replace(/\/+$/, '');
  return `User-agent: *\nDisallow: ${ROUTES.search}\nDisallow: ${ROUTES.profile}\n\nSitemap: ${root}/sitemap.xml\n`;
}
