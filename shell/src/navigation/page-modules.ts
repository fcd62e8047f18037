import { ROUTES, type RemoteModuleId } from 'shared-contracts';

type RouteName = keyof typeof ROUTES;

/** The remote module each route mounts (routes/app-routes.tsx; page-modules.test.tsx checks they agree). */
export const PAGE_MODULES = {
  home: 'mf_catalog/HomePage',
  allGames: 'mf_catalog/AllGamesPage',
  categories: 'mf_catalog/CategoriesRedirect',
  category: 'mf_catalog/CategoryPage',
  search: 'mf_catalog/SearchPage',
  tag: 'mf_catalog/TagPage',
  game: 'mf_player/PlayPage',
  profile: 'mf_account/ProfilePage',
} as const satisfies Record<RouteName, RemoteModuleId>;

/** /categories forwards to a category at once, so the category page comes with it. */
const ALSO_NEEDED: Partial<Record<RouteName, readonly RemoteModuleId[]>> = {
  categories: [PAGE_MODULES.category],
};

const MATCHERS = (Object.keys(ROUTES) as RouteName[]).map((route) => ({
  route,
  pattern: new RegExp(`^${ROUTES[route].replace(/:[^/]+/g, '[^/]+')}/?$`),
}));

/** The remote modules a path of this site shows; none for the shell's own pages. */
export function modulesForPath(pathname: string): RemoteModuleId[] {
  const match = MATCHERS.find(({ pattern }) => pattern.test(pathname));
  return match ? [PAGE_MODULES[match.route], ...(ALSO_NEEDED[match.route] ?? [])] : [];
}
