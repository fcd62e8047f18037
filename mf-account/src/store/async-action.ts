import { createAction, type ActionReducerMapBuilder, type Draft } from '@reduxjs/toolkit';

/**
 * One account action of product §4: `pending` both starts the saga (its payload is the request)
 * and moves the state to loading; the saga answers with `fulfilled` or `rejected`.
 */
export function createAsyncAction<Request = void, Result = void>(type: string) {
  return {
    pending: createAction<Request>(`${type}/pending`),
    fulfilled: createAction<Result>(`${type}/fulfilled`),
    rejected: createAction<string>(`${type}/rejected`),
  };
}
export type AsyncAction<Request, Result> = ReturnType<typeof createAsyncAction<Request, Result>>;

/** product §3: the loading / success / error flags every action keeps. */
export interface ActionStatus {
  loading: boolean;
  success: boolean;
  error: string | null;
}

export const idleStatus = (): ActionStatus => ({ loading: false, success: false, error: null });

/** The part of an async action the status reducer needs, whatever its request and result types. */
interface StatusMatchers {
  pending: { match: (action: unknown) => boolean };
  fulfilled: { match: (action: unknown) => boolean };
  rejected: { match: (action: unknown) => action is { type: string; payload: string } };
}

/**
 * product §4's transitions for the flags `state[name]` of one action: pending (loading, previous
 * success and error cleared), then fulfilled (success) or rejected (error set).
 */
export function addStatusCases<State extends Record<Name, ActionStatus>, Name extends string>(
  builder: ActionReducerMapBuilder<State>,
  name: Name,
  action: StatusMatchers,
): void {
  const set = (state: Draft<State>, status: ActionStatus) => {
    (state as Record<Name, ActionStatus>)[name] = status;
  };
  builder
    .addMatcher(action.pending.match, (state) => {
      set(state, { loading: true, success: false, error: null });
    })
    .addMatcher(action.fulfilled.match, (state) => {
      set(state, { loading: false, success: true, error: null });
    })
    .addMatcher(action.rejected.match, (state, { payload }) => {
      set(state, { loading: false, success: false, error: payload });
    });
}

/** Clears one action's flags (e.g. when its dialog opens); the slice that owns the flag answers. */
export const actionStatusCleared = createAction<string>('account/statusCleared');
