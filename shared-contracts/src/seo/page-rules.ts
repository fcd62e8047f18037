// What each page of the list (routing/pages.ts) says about itself beyond its route: its title and
// preview tags, and the paths it is published at. The type asks for a rule for every page, so a
// page added to the list without one does not compile. Loaded by the server and by the browser's
// lazy page-head chunk, never on the shell's start-up path (the texts and look-ups cost bytes).
import type { Game } from '../catalogue/game';
import { findGameById, gamesWithTag, listCategories, listTags, tagKey } from '../catalogue/queries';
import type { PageName } from '../routing/pages';
import { categoryPath, gamePath, SEARCH_QUERY_PARAM, tagPath } from '../routing/routes';
import type { PageMeta, PageMetaSite } from './page-meta';

/** What a rule knows of the request: the catalogue, the brand and the URL's query string ('?q=…' or ''). */
export interface PageRuleContext {
  games: readonly Game[];
  site: PageMetaSite;
  search: string;
}

export interface PageRule {
  /**
   * The page's meta for its path's parameters (still URL-encoded); undefined when the page does
   * not have what the path names (an unknown game, category or tag): the site's not-found page.
   */
  meta(params: Record<string, string>, context: PageRuleContext): PageMeta | undefined;
  /**
   * Every path of the page the catalogue names, for pages search engines should find: the sitemap
   * lists them and a remote's build draws them (its fragments, decision 0032). Absent: none.
   */
  published?(games: readonly Game[]): string[];
}

/** Longest description kept (search engines cut at about 160 characters). */
const MAX_DESCRIPTION = 160;
const MAX_QUERY_IN_TITLE = 60;

export function shorten(text: string, max = MAX_DESCRIPTION): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function decode(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const titled = (name: string, site: PageMetaSite) => `${name} | ${site.siteName}`;
/** An indexable page's meta. */
const page = (title: string, description: string): PageMeta => ({
  title,
  description,
  type: 'website',
  noindex: false,
  status: 200,
});

export const PAGE_RULES: Record<PageName, PageRule> = {
  home: {
    meta: (_, { games, site }) =>
      page(
        site.homeTitle,
        shorten(
          `Play ${games.length}+ free online games at ${site.siteName}: puzzle, racing, arcade and casual games, no download or account needed.`,
        ),
      ),
    published: () => ['/'],
  },
  allGames: {
    meta: (_, { games, site }) =>
      page(
        titled('All Games', site),
        `Every free game on ${site.siteName}, from A to Z: ${games.length} browser games to play right now.`,
      ),
    published: () => ['/all-games'],
  },
  // Forwards to the first category in the browser: a page of its own for nobody to index.
  categories: {
    meta: (_, { site }) => ({
      ...page(titled('Categories', site), `Every category of free games on ${site.siteName}.`),
      noindex: true,
    }),
  },
  category: {
    meta: ({ categoryName }, { games, site }) => {
      const name = decode(categoryName);
      const count = name === undefined ? 0 : games.filter((game) => game.category === name).length;
      if (name === undefined || count === 0) return undefined;
      return page(
        titled(name, site),
        shorten(`Play ${count} free ${name.toLocaleLowerCase()} online at ${site.siteName}. No download, no account needed.`),
      );
    },
    published: (games) => listCategories(games).map(categoryPath),
  },
  search: {
    meta: (_, { site, search }) => {
      const query = (new URLSearchParams(search).get(SEARCH_QUERY_PARAM) ?? '').trim();
      return {
        ...page(
          titled(query === '' ? 'Search Games' : `Search: ${shorten(query, MAX_QUERY_IN_TITLE)}`, site),
          shorten(
            query === '' ? `Search the free games of ${site.siteName}.` : `Free games matching "${query}" on ${site.siteName}.`,
          ),
        ),
        noindex: true,
      };
    },
  },
  game: {
    meta: ({ gameId }, { games, site }) => {
      const found = findGameById(games, decode(gameId) ?? '');
      if (!found) return undefined;
      return {
        ...page(
          titled(`${found.name} – ${found.category}`, site),
          shorten(
            `Play ${found.name}, a free ${found.category.toLocaleLowerCase().replace(/ games$/, '')} game, online at ${site.siteName}. No download needed.`,
          ),
        ),
        type: 'video.other',
        image: /^https?:/i.test(found.image) ? found.image : undefined,
      };
    },
    published: (games) => [...games].sort((a, b) => a.id - b.id).map((game) => gamePath(game.id)),
  },
  tag: {
    meta: ({ tag }, { games, site }) => {
      const key = decode(tag);
      const label = key === undefined ? undefined : listTags(games).find((known) => tagKey(known) === tagKey(key));
      const count = label === undefined ? 0 : gamesWithTag(games, label).length;
      if (label === undefined || count === 0) return undefined;
      return page(
        titled(`${label} games`, site),
        shorten(`Play ${count} free games tagged ${label} online at ${site.siteName}. No download, no account needed.`),
      );
    },
    published: (games) => listTags(games).map(tagPath),
  },
  profile: {
    meta: (_, { site }) => ({ ...page(titled('Profile', site), `Your ${site.siteName} profile.`), noindex: true }),
  },
  terms: {
    meta: (_, { site }) => page(titled('Terms and Conditions', site), `The terms of ${site.siteName}.`),
  },
  privacy: {
    meta: (_, { site }) =>
      page(
        titled('Privacy', site),
        `What ${site.siteName} keeps on your device and on its servers, and for how long. No ads, no third-party trackers.`,
      ),
  },
};
