// What RemoteBoundary shows, as one pure reducer (decision 0044): the phases of a mount and the
// events that move it. The component runs the loads, checks and subscriptions each phase asks for.
import type { ComponentType } from 'react';
import type { RemoteModule, RemoteModuleId } from '@portal/shared-contracts';
import type { afterRenderFailure } from './remotes';

/** A remote's component; the boundary hands it the props its id declares. */
export type LoadedComponent = ComponentType<Record<string, unknown>>;

/** The page of the mount's first id, in the server's HTML, taken over in place (decision 0032). */
export interface Adoption {
  id: RemoteModuleId;
  /** Its module's load, started at once; null on the server, which renders the fragment's slot. */
  module: Promise<RemoteModule<RemoteModuleId>> | null;
}

interface Common {
  /** The module shown: the id prop, which a route change reusing the boundary changes. */
  id: RemoteModuleId;
  /**
   * Numbers the attempts: a route change or a Retry starts the next. A load's result counts only
   * for its own attempt; it also keys the remote's error boundary, so a retried remote starts afresh.
   */
  attempt: number;
  /** Kept until it fails: coming back to its page takes the module over again. */
  adoption: Adoption | null;
}

export type BoundaryState = Common &
  /** Taking the server's HTML of the page over (AdoptedRemote). */
  (
    | { phase: 'adopting'; adoption: Adoption }
    /** The placeholder, while this attempt's module loads. */
    | { phase: 'loading' }
    | { phase: 'ready'; Component: LoadedComponent }
    /** A Retry. */
    | { phase: 'failed' }
    /** The remote was redeployed and cannot be swapped under its components on the page: a Reload. */
    | { phase: 'outdated' }
  );

export type BoundaryEvent =
  /** A route change gave the boundary another module; `Component`: it is loaded already. */
  | { type: 'navigated'; id: RemoteModuleId; Component?: LoadedComponent }
  /** The load of an attempt settled; while adopting, that load is the adoption's. */
  | { type: 'loaded'; attempt: number; Component: LoadedComponent }
  /** redeployed: the remote's build changed under this tab (NewVersionError). */
  | { type: 'loadFailed'; attempt: number; redeployed: boolean }
  /** The remote's component threw while rendering. */
  | { type: 'crashed' }
  /** What the loader found after a crash (afterRenderFailure). */
  | { type: 'checked'; outcome: Awaited<ReturnType<typeof afterRenderFailure>> }
  /** The player's Retry, or a Retry elsewhere that brought the remote back. */
  | { type: 'retried' };

/**
 * An attempt begins: it takes over the server's HTML of its page if the mount has it, draws the
 * module at once if it is loaded already, or loads.
 */
function begin(id: RemoteModuleId, attempt: number, adoption: Adoption | null, Component?: LoadedComponent): BoundaryState {
  // Adopting only when adoption?.id === id: then it is set, as the type says.
  if (adoption?.id === id) return { id, attempt, adoption, phase: 'adopting' };
  return Component ? { id, attempt, adoption, phase: 'ready', Component } : { id, attempt, adoption, phase: 'loading' };
}

export const initialState = (id: RemoteModuleId, adoption: Adoption | null, Component?: LoadedComponent) =>
  begin(id, 0, adoption, Component);

export function boundaryReducer(state: BoundaryState, event: BoundaryEvent): BoundaryState {
  const { id, attempt, adoption, phase } = state;
  // A load that another has followed (a route change, a Retry) is stale.
  if ('attempt' in event && event.attempt !== attempt) return state;
  // A failed adoption shows its prompt until a Retry, like a failed load, and is over: the page
  // loads its remote from then on.
  const failed = (redeployed: boolean): BoundaryState => ({
    id,
    attempt,
    adoption: phase === 'adopting' ? null : adoption,
    phase: redeployed ? 'outdated' : 'failed',
  });
  switch (event.type) {
    case 'navigated':
      return begin(event.id, attempt + 1, adoption, event.Component);
    case 'loaded':
      return { id, attempt, adoption, phase: 'ready', Component: event.Component };
    case 'loadFailed':
      return failed(event.redeployed);
    case 'crashed':
      return failed(false);
    case 'checked':
      // An adopted page has no load of its own to redo; leaving it loads the next page afresh.
      if (phase === 'adopting' || event.outcome === 'same') return state;
      // 'reloaded': the next load takes the new build.
      return event.outcome === 'reload' ? failed(true) : begin(id, attempt + 1, adoption);
    case 'retried':
      // It follows a failure, which ended any adoption of this page: it loads.
      return begin(id, attempt + 1, adoption);
  }
}
