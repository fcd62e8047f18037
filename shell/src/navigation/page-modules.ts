import { matchPath } from 'react-router-dom';
import { ROUTES, type RemoteModuleId } from 'shared-contracts';

/** The remote module each route of product §2 mounts (the routes table draws its pages from it). */
export const PAGE_MODULES = {
  home: 'mf_catalog/HomePage',
  allGames: 'mf_catalog/AllGamesPage',
  categories: 'mf_catalog/CategoriesRedirect',
  category: 'mf_catalog/CategoryPage',
  search: 'mf_catalog/SearchPage',
  game: 'mf_player/PlayPage',
  profile: 'mf_account/ProfilePage',
} as const satisfies Record<keyof typeof ROUTES, RemoteModuleId>;

/** /categories forwards to a category at once, so the category page comes with it. */
const ALSO_NEEDED: Partial<Record<keyof typeof ROUTES, readonly RemoteModuleId[]>> = {
  categories: [PAGE_MODULES.category],
};

/** The remote modules a path of this site shows; none for the shell's own pages or another site's. */
export function modulesForPath(pathname: string): RemoteModuleId[] {
  for (const route of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
    if (matchPath(ROUTES[route], pathname)) return [PAGE_MODULES[route], ...(ALSO_NEEDED[route] ?? [])];
  }
  return [];
}
