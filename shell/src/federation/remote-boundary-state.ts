import type { ComponentType } from 'react';
import type { RemoteModule, RemoteModuleId } from 'shared-contracts';
import { NewVersionError } from './remotes';

/**
 * What one RemoteBoundary shows, as one state machine (its component only runs the effects):
 *
 *   adopting ──(adoption failed while loading)──▶ failed | outdated
 *   adopting ──(adopted remote crashed)─────────▶ failed
 *   loading ───(loaded)──▶ ready ──(crashed)──▶ failed ──(the check says redeployed)──▶ outdated
 *   loading ───(load failed)──▶ failed | outdated
 *   failed ────(retry, or the check reloaded the remote)──▶ loading (next attempt)
 *   any ───────(another id mounted here)──▶ loading
 *
 * `request` is the load the component must start: set when a load is wanted, and a new object
 * each time, so the load effect runs once per request. An adoption's load is the adoption's own
 * (started with the server's HTML), so no request is made for it, nor after it failed.
 */
export type BoundaryPhase =
  /** The page came in the server's HTML: the remote hydrates into it (decision 0032). */
  | { status: 'adopting'; module: Promise<RemoteModule<RemoteModuleId>> | null }
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<Record<string, unknown>> }
  | { status: 'failed'; error: unknown }
  /** The remote was redeployed and cannot be swapped under the components of it on the page. */
  | { status: 'outdated' };

export interface BoundaryState {
  /** The module the phase is about. */
  id: RemoteModuleId;
  /** Counts Retries (and reloads after a crash); a new attempt remounts the remote's tree. */
  attempt: number;
  phase: BoundaryPhase;
  request: { id: RemoteModuleId; attempt: number } | null;
}

export type BoundaryEvent =
  | { type: 'mounted-id'; id: RemoteModuleId }
  | { type: 'loaded'; request: BoundaryState['request']; module: RemoteModule<RemoteModuleId> }
  | { type: 'load-failed'; request: BoundaryState['request']; error: unknown }
  | { type: 'adoption-failed'; error: unknown }
  | { type: 'crashed'; error: unknown }
  | { type: 'crash-checked'; outcome: 'reload' | 'reloaded' | 'same' }
  | { type: 'retry' };

/** The first state: adopting the server's HTML when it has this page, else loading. */
export function initialBoundaryState(
  id: RemoteModuleId,
  adoption: { module: Promise<RemoteModule<RemoteModuleId>> | null } | null,
): BoundaryState {
  return adoption
    ? { id, attempt: 0, phase: { status: 'adopting', module: adoption.module }, request: null }
    : { id, attempt: 0, phase: { status: 'loading' }, request: { id, attempt: 0 } };
}

/** What a load that failed shows: a redeploy needs a reload; anything else, a Retry. */
const loadFailure = (error: unknown): BoundaryPhase =>
  error instanceof NewVersionError ? { status: 'outdated' } : { status: 'failed', error };

const nextAttempt = (state: BoundaryState): BoundaryState => {
  const attempt = state.attempt + 1;
  return { ...state, attempt, phase: { status: 'loading' }, request: { id: state.id, attempt } };
};

export function boundaryReducer(state: BoundaryState, event: BoundaryEvent): BoundaryState {
  switch (event.type) {
    case 'mounted-id':
      // On a route change React reuses the boundary: the previous id's component never renders
      // with the new id's props, and a pending adoption of the old page is dropped.
      if (event.id === state.id) return state;
      return { ...state, id: event.id, phase: { status: 'loading' }, request: { id: event.id, attempt: state.attempt } };
    case 'loaded':
      if (event.request !== state.request) return state;
      return {
        ...state,
        // A generic JSX element cannot be built from a mapped component type without widening it.
        phase: { status: 'ready', Component: event.module.default as unknown as ComponentType<Record<string, unknown>> },
      };
    case 'load-failed':
      if (event.request !== state.request) return state;
      return { ...state, phase: loadFailure(event.error) };
    case 'adoption-failed':
      // Shows until a Retry, like a failed load, instead of starting a second load.
      return { ...state, phase: loadFailure(event.error), request: null };
    case 'crashed':
      return { ...state, phase: { status: 'failed', error: event.error }, request: null };
    case 'crash-checked':
      if (event.outcome === 'reload') return { ...state, phase: { status: 'outdated' }, request: null };
      if (event.outcome === 'reloaded') return nextAttempt(state);
      return state;
    case 'retry':
      return nextAttempt(state);
  }
}
