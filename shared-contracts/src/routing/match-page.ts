// Which page of the list (pages.ts) a path is. Not in the package's barrel, which the shell loads
// at start-up: only its lazy chunks and the servers match paths ('@portal/shared-contracts/pages').
import { PAGE_NAMES, PAGES, type PageEntry, type PageName } from './pages';

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
