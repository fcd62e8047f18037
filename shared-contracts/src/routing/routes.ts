// Links and nav highlighting on the page list's patterns (ROUTES, pages.ts).
import { ROUTES } from './pages';

export const SEARCH_QUERY_PARAM = 'q';

/** Not in the product's table: the shell's Terms and Conditions page, linked from the sign-up terms box. */
export const TERMS_PATH = ROUTES.terms;
/** Not in the product's table: the shell's privacy page, linked from the footer. */
export const PRIVACY_PATH = ROUTES.privacy;

export const categoryPath = (category: string): string => `/categories/${encodeURIComponent(category)}`;
export const gamePath = (gameId: number | string): string => `/game/${encodeURIComponent(String(gameId))}`;
/** A tag's page: the tag as spelled, lower-cased (any spelling of the same tag finds the same games, see tagKey). */
export const tagPath = (tag: string): string => `/tags/${encodeURIComponent(tag.trim().toLocaleLowerCase())}`;
export const searchPath = (query: string): string => `/search?${SEARCH_QUERY_PARAM}=${encodeURIComponent(query)}`;

/** Nav highlighting (product §2): Categories is active for any path starting with /categories. */
export type NavItem = 'home' | 'allGames' | 'categories';
export function activeNavItem(pathname: string): NavItem | undefined {
  if (pathname === ROUTES.home) return 'home';
  if (pathname === ROUTES.allGames || pathname.startsWith(`${ROUTES.allGames}/`)) return 'allGames';
  if (pathname.startsWith(ROUTES.categories)) return 'categories';
  return undefined;
}
