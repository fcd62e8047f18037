import type { RemoteModuleId } from '@portal/shared-contracts';
import { loadRemoteModule } from './remotes';

/** One prefetch per module and tab; a module whose prefetch failed is left to the page that needs it. */
const started = new Map<RemoteModuleId, Promise<void>>();

/**
 * Loads a remote's exposed module ahead of the click that will show it, through the page's own
 * loader (the federation runtime's loadRemote: one container per remote, the same recovery). Its
 * scripts, shared chunks and stylesheet arrive and run now; the page then waits for none of them.
 */
export function prefetchModule(
  id: RemoteModuleId,
  load: (id: RemoteModuleId) => Promise<unknown> = loadRemoteModule,
): Promise<void> {
  let pending = started.get(id);
  if (!pending) {
    pending = load(id).then(
      () => undefined,
      (error: unknown) => {
        // The page that needs it loads it again, and shows Retry if that fails too.
        console.warn(`[navigation] could not prefetch ${id}`, error);
      },
    );
    started.set(id, pending);
  }
  return pending;
}

/** Tests only: forget every prefetch. */
export function resetPrefetchForTests(): void {
  started.clear();
}
