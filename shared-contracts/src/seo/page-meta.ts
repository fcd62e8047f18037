import { findGameById, gamesWithTag, listTags, tagKey } from '../catalogue/queries';
import type { Game } from '../catalogue/game';
import { SEARCH_QUERY_PARAM } from '../routing/routes';
import { escapeHtml } from '../text/escape-html';

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

/** Longest description kept (search engines cut at about 160 characters). */
const MAX_DESCRIPTION = 160;
const MAX_QUERY_IN_TITLE = 60;

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Title, description and preview tags for a path of product §2's routes, from the catalogue alone,
 * so the browser (on every navigation) and the server (in the HTML it sends) say the same.
 * `search` is the URL's query string ('?q=…' or '').
 */
export function pageMetaFor(pathname: string, search: string, games: readonly Game[], site: PageMetaSite): PageMeta {
  const { siteName } = site;
  const titled = (name: string) => `${name} | ${siteName}`;
  const path = pathname.replace(/\/+$/, '') || '/';

  if (path === '/') {
    return {
      title: site.homeTitle,
      description: shorten(
        `Play ${games.length}+ free online games at ${siteName}: puzzle, racing, arcade and casual games, no download or account needed.`,
        MAX_DESCRIPTION,
      ),
      type: 'website',
      noindex: false,
      status: 200,
    };
  }
  if (path === '/all-games') {
    return {
      title: titled('All Games'),
      description: `Every free game on ${siteName}, from A to Z: ${games.length} browser games to play right now.`,
      type: 'website',
      noindex: false,
      status: 200,
    };
  }
  if (path === '/categories') {
    // Forwards to the first category in the browser: a page of its own for nobody to index.
    return {
      title: titled('Categories'),
      description: `Every category of free games on ${siteName}.`,
      type: 'website',
      noindex: true,
      status: 200,
    };
  }
  const category = /^\/categories\/([^/]+)$/.exec(path);
  if (category?.[1] !== undefined) {
    const name = decode(category[1]);
    const count = name === undefined ? 0 : games.filter((game) => game.category === name).length;
    if (name !== undefined && count > 0) {
      return {
        title: titled(name),
        description: shorten(
          `Play ${count} free ${name.toLocaleLowerCase()} online at ${siteName}. No download, no account needed.`,
          MAX_DESCRIPTION,
        ),
        type: 'website',
        noindex: false,
        status: 200,
      };
    }
  }
  const tag = /^\/tags\/([^/]+)$/.exec(path);
  if (tag?.[1] !== undefined) {
    const key = decode(tag[1]);
    const label = key === undefined ? undefined : listTags(games).find((known) => tagKey(known) === tagKey(key));
    const count = label === undefined ? 0 : gamesWithTag(games, label).length;
    if (label !== undefined && count > 0) {
      return {
        title: titled(`${label} games`),
        description: shorten(
          `Play ${count} free games tagged ${label} online at ${siteName}. No download, no account needed.`,
          MAX_DESCRIPTION,
        ),
        type: 'website',
        noindex: false,
        status: 200,
      };
    }
  }
  if (path === '/search') {
    const query = (new URLSearchParams(search).get(SEARCH_QUERY_PARAM) ?? '').trim();
    return {
      title: titled(query === '' ? 'Search Games' : `Search: ${shorten(query, MAX_QUERY_IN_TITLE)}`),
      description: shorten(
        query === '' ? `Search the free games of ${siteName}.` : `Free games matching "${query}" on ${siteName}.`,
        MAX_DESCRIPTION,
      ),
      type: 'website',
      noindex: true,
      status: 200,
    };
  }
  const game = /^\/game\/([^/]+)$/.exec(path);
  if (game?.[1] !== undefined) {
    const found = findGameById(games, decode(game[1]) ?? '');
    if (found) {
      return {
        title: titled(`${found.name} – ${found.category}`),
        description: shorten(
          `Play ${found.name}, a free ${found.category.toLocaleLowerCase().replace(/ games$/, '')} game, online at ${siteName}. No download needed.`,
          MAX_DESCRIPTION,
        ),
        type: 'video.other',
        image: /^https?:/i.test(found.image) ? found.image : undefined,
        noindex: false,
        status: 200,
      };
    }
  }
  if (path === '/terms') {
    return {
      title: titled('Terms and Conditions'),
      description: `The terms of ${siteName}.`,
      type: 'website',
      noindex: false,
      status: 200,
    };
  }
  if (path === '/privacy') {
    return {
      title: titled('Privacy'),
      description: `What ${siteName} keeps on your device and on its servers, and for how long. No ads, no third-party trackers.`,
      type: 'website',
      noindex: false,
      status: 200,
    };
  }
  if (path === '/profile') {
    return { title: titled('Profile'), description: `Your ${siteName} profile.`, type: 'website', noindex: true, status: 200 };
  }
  return {
    title: titled(NOT_FOUND_TEXT.heading),
    description: `This page is not on ${siteName}.`,
    type: 'website',
    noindex: true,
    status: 404,
  };
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

/** The tags as HTML, marked so the client knows the server wrote them (the page service's head). */
export const metaTagsHtml = (tags: readonly MetaTag[]): string =>
  tags
    .map((tag) => `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" data-page-meta>`)
    .join('');
