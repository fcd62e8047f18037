import { matchPage, type RemoteModuleId } from 'shared-contracts';

/** The remote modules a path of this site shows (its page's, then what it goes on to mount); none for the shell's own pages. */
export function modulesForPath(pathname: string): RemoteModuleId[] {
  const view = matchPage(pathname)?.page.view;
  return view && 'remote' in view ? [view.remote, ...(view.alsoLoads ?? [])] : [];
}
