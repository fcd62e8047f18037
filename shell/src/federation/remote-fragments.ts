import { createContext } from 'react';
import type { RemoteModuleId } from '@portal/shared-contracts';

/**
 * Which mounts start from their remote's page in the server's HTML (decision 0032). The server
 * renders the fragment the remote published, with its props filled in, inside a Suspense
 * boundary; the browser hydrates it, and React keeps those elements until the remote's module
 * arrives, then hydrates the remote's own component into them: nothing is drawn twice.
 */
export interface RemoteFragmentSource {
  /** 'server': renders the fragment's slot; 'browser': hydrates the remote into it. */
  side: 'server' | 'browser';
  /** Whether this mount starts from the server's HTML of its remote's page. */
  has(id: RemoteModuleId, props: unknown): boolean;
  /** The mount no longer starts from it: the remote showed, or failed. */
  release(id: RemoteModuleId): void;
  /** On the server: the fragment's HTML (its slots filled) for a mount `has` said yes to. */
  html?(id: RemoteModuleId): string | undefined;
}

export const RemoteFragments = createContext<RemoteFragmentSource | null>(null);

/** On the site's root element: the remote modules whose page the server's HTML carries, space-separated. */
export const FRAGMENTS_ATTRIBUTE = 'data-remote-fragments';
/**
 * The element holding a fragment's HTML: the server renders the fragment into it, the browser
 * hydrates the remote's component inside the same element. `display: contents` keeps it out of
 * the layout, so the page's boxes are the fragment's own.
 */
export const FRAGMENT_HOST_ATTRIBUTE = 'data-remote-fragment';
export const FRAGMENT_HOST_STYLE = { display: 'contents' } as const;

/**
 * The mounts the server's HTML carries a page for, valid for the page it was rendered for: after
 * a navigation they no longer apply, and once released they are gone (coming back to the page
 * later draws the remote itself). The root's attribute follows, so a test or a tool can see when
 * every remote has taken over its page.
 */
export function serverFragmentsOf(root: Element, location: Pick<Location, 'pathname'> = window.location): RemoteFragmentSource {
  const pathname = location.pathname;
  const ids = new Set((root.getAttribute(FRAGMENTS_ATTRIBUTE) ?? '').split(/\s+/).filter(Boolean));
  return {
    side: 'browser',
    has: (id) => location.pathname === pathname && ids.has(id),
    release(id) {
      ids.delete(id);
      if (ids.size) root.setAttribute(FRAGMENTS_ATTRIBUTE, [...ids].join(' '));
      else root.removeAttribute(FRAGMENTS_ATTRIBUTE);
    },
  };
}
