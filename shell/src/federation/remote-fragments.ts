import { createContext } from 'react';
import type { RemoteModuleId } from 'shared-contracts';

/**
 * A remote's page as HTML, drawn by the boundary while the remote loads instead of placeholder
 * cards (decision 0032). On the server it comes from the remote's fragments.json with the props
 * filled in; in the browser, from the HTML the server sent, read before React replaces it.
 */
export interface RemoteFragmentSource {
  /** The page's HTML for this mount, or undefined (then the placeholder is drawn). */
  htmlFor(id: RemoteModuleId, props: unknown): string | undefined;
  /** The mount no longer needs it: the remote showed, or failed. */
  release(id: RemoteModuleId): void;
}

export const RemoteFragments = createContext<RemoteFragmentSource | null>(null);

/** The attribute the boundary's fragment wrapper carries: the remote module it stands in for. */
export const FRAGMENT_ATTRIBUTE = 'data-remote-fragment';

/**
 * The fragments in the server's HTML under `root`, kept for the page they were rendered for:
 * after a navigation they no longer apply, and once released they are gone (coming back to the
 * page later draws the remote itself).
 */
export function captureServerFragments(
  root: ParentNode,
  location: Pick<Location, 'pathname'> = window.location,
): RemoteFragmentSource {
  const pathname = location.pathname;
  const captured = new Map<string, string>();
  for (const element of root.querySelectorAll(`[${FRAGMENT_ATTRIBUTE}]`)) {
    const id = element.getAttribute(FRAGMENT_ATTRIBUTE);
    if (id) captured.set(id, element.innerHTML);
  }
  return {
    htmlFor: (id) => (location.pathname === pathname ? captured.get(id) : undefined),
    release: (id) => void captured.delete(id),
  };
}
