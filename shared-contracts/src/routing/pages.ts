// The site's pages, each declared once (decision 0063). The shell's router, its prefetcher and
// telemetry's route labels read this list (matched by match-page.ts, '@portal/shared-contracts/pages'); page meta, the sitemap and the paths remotes draw at
// their build read it through seo/page-rules.ts, which gives every page here its rule. Plain data
// only: it is on the shell's start-up path, so what costs bytes (meta texts, catalogue look-ups)
// lives in the rules, which only the server and a lazy chunk load.
import type { RemoteModuleId } from '../federation/exposes';

interface PageBase {
  /** A react-router path pattern: literal segments and `:name` parameters. */
  path: string;
  /** The JSON-LD the server's HTML carries for the page (seo/game-page.ts); none when absent. */
  structuredData?: 'game';
}

/** A page drawn by a remote's exposed module, inside the shell's RemoteBoundary. */
export interface RemotePage extends PageBase {
  remote: RemoteModuleId;
  /** What shows while the module loads: placeholder game cards (the default) or the game frame's box. */
  placeholder?: 'cards' | 'frame';
  /** Modules the page goes on to mount at once (a redirect's target), fetched with it. */
  alsoLoads?: readonly RemoteModuleId[];
}

/** A page the shell draws itself: the name its component is registered under (shell/src/routes/site-pages.ts). */
export interface ShellPage extends PageBase {
  shell: string;
}

export type PageEntry = RemotePage | ShellPage;

/** Every page (the sitemap lists their paths in this order). */
export const PAGES = {
  home: { path: '/', remote: 'mf_catalog/HomePage' },
  allGames: { path: '/all-games', remote: 'mf_catalog/AllGamesPage' },
  // Forwards to a category at once, so the category page comes with it.
  categories: {
    path: '/categories',
    remote: 'mf_catalog/CategoriesRedirect',
    alsoLoads: ['mf_catalog/CategoryPage'],
  },
  category: { path: '/categories/:categoryName', remote: 'mf_catalog/CategoryPage' },
  /** Not in product §2: every game with one tag (its key, lower case). */
  tag: { path: '/tags/:tag', remote: 'mf_catalog/TagPage' },
  search: { path: '/search', remote: 'mf_catalog/SearchPage' },
  game: { path: '/game/:gameId', remote: 'mf_player/PlayPage', placeholder: 'frame', structuredData: 'game' },
  profile: { path: '/profile', remote: 'mf_account/ProfilePage' },
  /** Not in the product's table: Terms and Conditions, linked from the sign-up terms box. */
  terms: { path: '/terms', shell: 'TermsPage' },
  /** Not in the product's table: the privacy page, linked from the footer. */
  privacy: { path: '/privacy', shell: 'PrivacyPage' },
} as const satisfies Record<string, PageEntry>;

export type PageName = keyof typeof PAGES;
export const PAGE_NAMES = Object.keys(PAGES) as PageName[];
/** The name a shell page's component is registered under. */
export type ShellPageName = Extract<(typeof PAGES)[PageName], ShellPage>['shell'];

/** Every page's path pattern, by the page's name (what the site's links are built on). */
export const ROUTES = Object.fromEntries(PAGE_NAMES.map((name) => [name, PAGES[name].path])) as {
  readonly [Name in PageName]: (typeof PAGES)[Name]['path'];
};
