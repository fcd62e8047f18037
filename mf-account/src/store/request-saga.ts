import type { UnknownAction } from 'redux';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest, takeLeading, type ForkEffect } from 'redux-saga/effects';
import { describeApiError, type ApiFailure } from '../api/api-error';
import type { AsyncAction } from './async-action';
import type { AccountServices } from './services';

export interface RequestOptions<Request, Result> {
  /** product §8: the message when the server answered without a detail. */
  fallback: string;
  /** product §8: the message when nothing answered (defaults to `fallback`). */
  noResponseFallback?: string;
  /** Show the failure as an error toast (default true; background loads stay quiet). */
  toastError?: boolean;
  /** What follows a success: toasts, the next dialog, navigation. Runs after `fulfilled`. */
  onSuccess?: (services: AccountServices, result: Result, request: Request) => SagaIterator;
  /** What follows a failure, after `rejected` and its toast. */
  onFailure?: (services: AccountServices, failure: ApiFailure, request: Request) => SagaIterator;
  /** Other actions that start the same request (with no request payload of their own). */
  alsoOn?: string[];
  /** `latest` (default): a new request supersedes a running one; `leading`: ignored while one runs. */
  concurrency?: 'latest' | 'leading';
}

export type RequestSaga<Request> = ((services: AccountServices, action: { payload: Request }) => SagaIterator) & {
  /** The watcher that runs this saga for `pending` (and `alsoOn`). */
  watch: (services: AccountServices) => ForkEffect;
};

/**
 * The one shape of every API call (decision 0012): call → `fulfilled(result)` → `onSuccess`, or
 * → `rejected(message)` (product §8 message) → error toast → `onFailure`. A 401/403 is not handled
 * here: the API client's interceptor is the one path that ends a rejected session.
 * Wiring a new call is one line: `export const fooSaga = requestSaga(foo, (s, req) => s.api.foo(req), { fallback })`
 * and listing it in its feature's `…_REQUESTS`.
 */
export function requestSaga<Request, Result>(
  action: AsyncAction<Request, Result>,
  send: (services: AccountServices, request: Request) => Promise<Result>,
  options: RequestOptions<Request, Result>,
): RequestSaga<Request> {
  function* saga(services: AccountServices, { payload }: { payload: Request }): SagaIterator {
    let result: Result;
    try {
      result = (yield call(send, services, payload)) as Result;
    } catch (error) {
      const failure = describeApiError(error, options.fallback, options.noResponseFallback);
      yield put(action.rejected(failure.message));
      if (options.toastError !== false) yield call(services.notify.error, failure.message);
      if (options.onFailure) yield call(options.onFailure, services, failure, payload);
      return;
    }
    yield put(action.fulfilled(result));
    if (options.onSuccess) yield call(options.onSuccess, services, result, payload);
  }
  const patterns: string[] = [action.pending.type, ...(options.alsoOn ?? [])];
  // The watched actions carry this request's payload (or none, for `alsoOn` with a void request).
  function* worker(services: AccountServices, action: UnknownAction): SagaIterator {
    yield* saga(services, action as { type: string; payload: Request });
  }
  const watch = (services: AccountServices): ForkEffect =>
    options.concurrency === 'leading' ? takeLeading(patterns, worker, services) : takeLatest(patterns, worker, services);
  return Object.assign(saga, { watch });
}
