// The site's pages, each declared once (decision 0063). The shell's router, its prefetcher and
// telemetry's route labels read this list; page meta, the sitemap and the paths remotes draw at
// their build read it through seo/page-rules.ts, which gives every page here its rule. Plain data
// only: it is on the shell's start-up path, so what costs bytes (meta texts, catalogue look-ups)
// lives in the rules, which only the server and a lazy chunk load.
import type { RemoteModuleId } from '../federation/exposes';

/** A page drawn by a remote's exposed module, inside the shell's RemoteBoundary. */
export interface RemotePageView {
  remote: RemoteModuleId;
  /** What shows while the module loads: placeholder game cards (the default) or the game frame's box. */
  placeholder?: 'cards' | 'frame';
  /** Modules the page goes on to mount at once (a redirect's target), fetched with it. */
  alsoLoads?: readonly RemoteModuleId[];
}

/** A page the shell draws itself: the name its component is registered under (shell/src/routes/site-pages.ts). */
export interface ShellPageView {
  shell: string;
}

export interface PageEntry {
  /** A react-router path pattern: literal segments and `:name` parameters. */
  path: string;
  view: RemotePageView | ShellPageView;
  /** The JSON-LD the server's HTML carries for the page (seo/game-page.ts); none when absent. */
  structuredData?: 'game';
}

/** Every page (the sitemap lists their paths in this order). */
export const PAGES = {
  home: { path: '/', view: { remote: 'mf_catalog/HomePage' } },
  allGames: { path: '/all-games', view: { remote: 'mf_catalog/AllGamesPage' } },
  // Forwards to a category at once, so the category page comes with it.
  categories: {
    path: '/categories',
    view: { remote: 'mf_catalog/CategoriesRedirect', alsoLoads: ['mf_catalog/CategoryPage'] },
  },
  category: { path: '/categories/:categoryName', view: { remote: 'mf_catalog/CategoryPage' } },
  /** Not in product §2: every game with one tag (its key, lower case). */
  tag: { path: '/tags/:tag', view: { remote: 'mf_catalog/TagPage' } },
  search: { path: '/search', view: { remote: 'mf_catalog/SearchPage' } },
  game: { path: '/game/:gameId', view: { remote: 'mf_player/PlayPage', placeholder: 'frame' }, structuredData: 'game' },
  profile: { path: '/profile', view: { remote: 'mf_account/ProfilePage' } },
  /** Not in the product's table: Terms and Conditions, linked from the sign-up terms box. */
  terms: { path: '/terms', view: { shell: 'TermsPage' } },
  /** Not in the product's table: the privacy page, linked from the footer. */
  privacy: { path: '/privacy', view: { shell: 'PrivacyPage' } },
} as const satisfies Record<string, PageEntry>;

export type PageName = keyof typeof PAGES;
export const PAGE_NAMES = Object.keys(PAGES) as PageName[];
/** The name a shell page's component is registered under. */
export type ShellPageName = Extract<(typeof PAGES)[PageName]['view'], ShellPageView>['shell'];

export interface PageMatch {
  name: PageName;
  page: PageEntry;
  /** The path's parameters as written in it (still URL-encoded). */
  params: Record<string, string>;
}

/**
 * The parameters of a path under a pattern, or null when it does not match: literal segments
 * match exactly, a parameter takes one non-empty segment, trailing slashes are ignored.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.replace(/\/+$/, '').split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const actual = have[i] ?? '';
    if (!segment.startsWith(':')) {
      if (segment !== actual) return null;
    } else if (actual === '') return null;
    else params[segment.slice(1)] = actual;
  }
  return params;
}

/** The page a path (no query) shows, with its parameters; undefined for a path the site does not have. */
export function matchPage(pathname: string): PageMatch | undefined {
  for (const name of PAGE_NAMES) {
    const params = matchPattern(PAGES[name].path, pathname);
    if (params) return { name, page: PAGES[name], params };
  }
  return undefined;
}
