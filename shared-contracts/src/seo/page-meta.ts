import type { Game } from '../catalogue/game';
import { matchPage } from '../routing/match-page';
import { PAGE_RULES } from './page-rules';

/** What a page tells the browser tab, search engines and link previews (decision 0026). */
export interface PageMeta {
  /** The document title. */
  title: string;
  description: string;
  /** Open Graph type. */
  type: 'website' | 'video.other';
  /** Absolute image URL for previews, when the page has its own (a game's thumbnail). */
  image?: string;
  /** Search engines should not index the page (search results, not-found pages). */
  noindex: boolean;
  /** The HTTP status the server answers the page with: 404 for a path, category, tag or game the site does not have. */
  status: 200 | 404;
}

/**
 * A page the site does not have (product §2.1), and under it, for a category or tag it does not
 * have, the ones it has. Here, not in the shared barrel: only pages that show them load them.
 */
export const NOT_FOUND_TEXT = {
  heading: 'Page not found',
  line: 'That page is not on our shelves. Try the full list or search for a game.',
  knownCategories: 'Our categories',
  knownTags: 'Our tags',
} as const;

export interface PageMetaSite {
  /** The brand's site name (Brand.name). */
  siteName: string;
  /** The brand's document title (Brand.title), used as is on Home. */
  homeTitle: string;
}

/**
 * Title, description and preview tags for a path of the site's pages (routing/pages.ts, each
 * page's rule in page-rules.ts), from the catalogue alone, so the browser (on every navigation)
 * and the server (in the HTML it sends) say the same. `search` is the URL's query string ('?q=…' or '').
 */
export function pageMetaFor(pathname: string, search: string, games: readonly Game[], site: PageMetaSite): PageMeta {
  const match = matchPage(pathname);
  const meta = match && PAGE_RULES[match.name].meta(match.params, { games, site, search });
  return (
    meta ?? {
      title: `${NOT_FOUND_TEXT.heading} | ${site.siteName}`,
      description: `This page is not on ${site.siteName}.`,
      type: 'website',
      noindex: true,
      status: 404,
    }
  );
}

/** One <meta> tag: `<meta name|property="key" content="content">`. */
export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

/** The description, robots, Open Graph and Twitter card tags of a page, for the client and the server alike. */
export function metaTagsFor(meta: PageMeta, url: string, siteName: string): MetaTag[] {
  const tags: MetaTag[] = [
    { attribute: 'name', key: 'description', content: meta.description },
    { attribute: 'name', key: 'robots', content: meta.noindex ? 'noindex' : 'index, follow' },
    { attribute: 'property', key: 'og:site_name', content: siteName },
    { attribute: 'property', key: 'og:type', content: meta.type },
    { attribute: 'property', key: 'og:title', content: meta.title },
    { attribute: 'property', key: 'og:description', content: meta.description },
    { attribute: 'property', key: 'og:url', content: url },
    { attribute: 'name', key: 'twitter:card', content: meta.image ? 'summary_large_image' : 'summary' },
    { attribute: 'name', key: 'twitter:title', content: meta.title },
    { attribute: 'name', key: 'twitter:description', content: meta.description },
  ];
  if (meta.image) {
    tags.push({ attribute: 'property', key: 'og:image', content: meta.image });
    tags.push({ attribute: 'name', key: 'twitter:image', content: meta.image });
  }
  return tags;
}
