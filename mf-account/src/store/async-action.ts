import { createAction, type PayloadAction } from '@reduxjs/toolkit';

/**
 * One account action of SPEC §4: `pending` both starts the saga (its payload is the request)
 * and moves the state to loading; the saga answers with `fulfilled` or `rejected`.
 */
export function createAsyncAction<Request = void, Result = void>(type: string) {
  return {
    pending: createAction<Request>(`${type}/pending`),
    fulfilled: createAction<Result>(`${type}/fulfilled`),
    rejected: createAction<string>(`${type}/rejected`),
  };
}

/** SPEC §3: the loading / success / error flags every action keeps. */
export interface ActionStatus {
  loading: boolean;
  success: boolean;
  error: string | null;
}

export const idleStatus = (): ActionStatus => ({ loading: false, success: false, error: null });
export const pendingStatus = (): ActionStatus => ({ loading: true, success: false, error: null });
export const fulfilledStatus = (): ActionStatus => ({ loading: false, success: true, error: null });
export const rejectedStatus = (error: string): ActionStatus => ({ loading: false, success: false, error });

/** The part of an async action the reducer needs, whatever its request and result types. */
export interface AsyncActionMatchers {
  pending: { match: (action: unknown) => boolean };
  fulfilled: { match: (action: unknown) => boolean };
  rejected: { match: (action: unknown) => action is PayloadAction<string> };
}
