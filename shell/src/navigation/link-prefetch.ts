import type { RemoteModuleId } from '@portal/shared-contracts';
import { prefetchModule } from '../federation/prefetch-module';
import { loadPageHead } from '../seo/use-page-meta';
import { prefetchWelcome } from './connection';
import type { LinkPrefetcher } from './idle-prefetch';
import { modulesForPath } from './page-modules';

export interface LinkPrefetchOptions {
  prefetch?: (id: RemoteModuleId) => Promise<void>;
  welcome?: () => boolean;
  /** The shell's own code every next page needs, whichever it is (its title lookup). */
  warmUps?: readonly (() => Promise<unknown>)[];
}

/** The site's own path a link leads to, or null (another site, a new tab, a download). */
function sitePathOf(link: HTMLAnchorElement): string | null {
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname : null;
}

/** The modules behind what the player is about to use: a link, or the header's search form. */
function modulesOfTarget(target: EventTarget | null): RemoteModuleId[] {
  if (!(target instanceof Element)) return [];
  const link = target.closest('a[href]');
  if (link instanceof HTMLAnchorElement) {
    const path = sitePathOf(link);
    return path ? modulesForPath(path) : [];
  }
  return target.closest('form[role="search"]') ? modulesForPath('/search') : [];
}

/** The modules of the site's links drawn inside the viewport (a slider's hidden slides are not). */
function visibleLinkModules(): RemoteModuleId[] {
  const ids = new Set<RemoteModuleId>();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const path = sitePathOf(link);
    if (!path) continue;
    const box = link.getBoundingClientRect();
    if (box.width === 0 || box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth)
      continue;
    for (const id of modulesForPath(path)) ids.add(id);
  }
  return [...ids];
}

/**
 * Loaded once the first page is idle (idle-prefetch.ts), so a first visit pays none of it. From
 * then on: a link the pointer rests on, a finger touches or the keyboard focuses has its page's
 * modules prefetched at once, and the search page when the search box gets focus; after each
 * page goes idle, `prefetchVisible` loads those of every link in the viewport. Nothing on
 * Save-Data or 2G.
 */
export function startLinkPrefetch({
  prefetch = prefetchModule,
  welcome = prefetchWelcome,
  warmUps = [loadPageHead],
}: LinkPrefetchOptions = {}): LinkPrefetcher & { stop: () => void } {
  const onIntent = (event: Event) => {
    if (!welcome()) return;
    for (const id of modulesOfTarget(event.target)) void prefetch(id);
  };
  const intents = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const type of intents) document.addEventListener(type, onIntent, { passive: true });

  return {
    prefetchVisible(signal) {
      if (signal.aborted || !welcome()) return Promise.resolve();
      // All at once: the downloads share the idle line; each module then runs as its own task.
      return Promise.all([
        ...visibleLinkModules().map((id) => prefetch(id)),
        ...warmUps.map((warmUp) => warmUp().catch(() => undefined)),
      ]);
    },
    stop() {
      for (const type of intents) document.removeEventListener(type, onIntent);
    },
  };
}
