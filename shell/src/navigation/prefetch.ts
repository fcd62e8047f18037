import type { RemoteModule, RemoteModuleId } from 'shared-contracts';
import { loadRemoteModule } from '../federation/remotes';

/** Modules a prefetch has loaded: a page can render them at once, with no placeholder in between. */
const warm = new Map<RemoteModuleId, RemoteModule<RemoteModuleId>>();
/** One prefetch per module and tab: a module whose prefetch failed is left to the page that needs it. */
const started = new Map<RemoteModuleId, Promise<void>>();

/** The module, if a prefetch has already loaded it; otherwise undefined (load it as usual). */
export function warmModule<Id extends RemoteModuleId>(id: Id): RemoteModule<Id> | undefined {
  return warm.get(id) as RemoteModule<Id> | undefined;
}

/**
 * Loads a remote's exposed module ahead of the click that will show it, through the same loader
 * as the page (one container per remote, the same recovery). The module's scripts, shared
 * chunks and stylesheet arrive and run now; the page then renders without waiting for them.
 */
export function prefetchModule(
  id: RemoteModuleId,
  load: (id: RemoteModuleId) => Promise<RemoteModule<RemoteModuleId>> = loadRemoteModule,
): Promise<void> {
  let pending = started.get(id);
  if (!pending) {
    pending = load(id).then(
      (module) => {
        warm.set(id, module);
      },
      (error: unknown) => {
        // The page that needs it loads it again and shows Retry if it still fails.
        console.warn(`[navigation] could not prefetch ${id}`, error);
      },
    );
    started.set(id, pending);
  }
  return pending;
}

/** Tests only: forget every prefetch. */
export function resetPrefetchForTests(): void {
  warm.clear();
  started.clear();
}
