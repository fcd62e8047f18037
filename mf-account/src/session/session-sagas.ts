import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, put, select, take } from 'redux-saga/effects';
import { INFO_TOASTS, ROUTES, STORAGE_KEYS, isTokenExpired } from 'shared-contracts';
import { sessionEnded, sessionSynced, userInfo } from '../store/account-actions';
import type { AccountRootState } from '../store/root-state';
import { selectSignedIn } from '../store/root-state';
import type { AccountServices } from '../store/services';
import { clearStorage, readAccessToken, removeSessionTokens } from './token-storage';

/** SPEC §9: the session-expired toast stays 3000 ms. */
export const SESSION_EXPIRED_TOAST_MS = 3000;

/** SPEC §4 logout: remove the tokens and go to '/'. */
export function* logoutSaga(services: AccountServices): SagaIterator {
  const signedIn: boolean = yield select(selectSignedIn);
  // A 401 seen by several calls at once asks for one logout, not several.
  if (!signedIn && readAccessToken(services.localStorage) === null) return;
  yield call(removeSessionTokens, services.localStorage);
  yield put(sessionEnded({ reason: 'logout' }));
  yield call(services.navigate, ROUTES.home);
}

/** SPEC §4 expiry: once `exp` passes, toast for 3 s, clear both storages, go to '/'. */
export function* checkSessionSaga(services: AccountServices): SagaIterator {
  const token = readAccessToken(services.localStorage);
  if (token === null || !isTokenExpired(token, services.now())) return;
  yield call(services.notify.info, INFO_TOASTS.sessionExpired, {
    autoClose: SESSION_EXPIRED_TOAST_MS,
    toastId: 'session-expired',
  });
  yield call(clearStorage, services.localStorage);
  yield call(clearStorage, services.sessionStorage);
  yield put(sessionEnded({ reason: 'expired' }));
  yield call(services.navigate, ROUTES.home);
}

/** SPEC §4: a 401/403 on an authenticated call clears all local storage and goes to '/'. */
export function* sessionRejectedSaga(services: AccountServices): SagaIterator {
  const signedIn: boolean = yield select(selectSignedIn);
  yield call(clearStorage, services.localStorage);
  if (!signedIn) return;
  yield put(sessionEnded({ reason: 'rejected' }));
  yield call(services.navigate, ROUTES.home);
}

/** Other parts learn of session changes through the shared event bus. */
export function* announceSessionSaga(services: AccountServices): SagaIterator {
  const signedIn: boolean = yield select((state: AccountRootState) => state.session.signedIn);
  yield call(services.announceSession, signedIn);
}

function tokenChanges(target: EventTarget): EventChannel<true> {
  return eventChannel((emit) => {
    const onStorage = (event: Event) => {
      const key = (event as StorageEvent).key;
      // key null = storage.clear() in another tab.
      if (key === STORAGE_KEYS.token || key === null) emit(true);
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  });
}

/** Tabs stay in step: a sign-in or logout in one tab is mirrored in the others. */
export function* syncAcrossTabsSaga(services: AccountServices): SagaIterator {
  if (!services.storageEvents) return;
  const channel: EventChannel<true> = yield call(tokenChanges, services.storageEvents);
  try {
    while (true) {
      yield take(channel);
      const signedIn = readAccessToken(services.localStorage) !== null;
      const wasSignedIn: boolean = yield select(selectSignedIn);
      if (signedIn !== wasSignedIn) yield put(sessionSynced({ signedIn }));
      // A new token may belong to someone else: reload the player either way.
      if (signedIn) yield put(userInfo.pending());
    }
  } finally {
    channel.close();
  }
}
