import type { RemoteModuleId } from '@portal/shared-contracts';
import { matchPage } from '@portal/shared-contracts/pages';

/** The remote modules a path of this site shows (its page's, then what it goes on to mount); none for the shell's own pages. */
export function modulesForPath(pathname: string): RemoteModuleId[] {
  const page = matchPage(pathname)?.page;
  return page && 'remote' in page ? [page.remote, ...(page.alsoLoads ?? [])] : [];
}
