import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, fork, put, race, take, takeEvery, takeLeading } from 'redux-saga/effects';
import { ROUTES, STORAGE_KEYS } from '@portal/shared-contracts';
import { INFO_TOASTS, decodeJwtClaims, isTokenExpired, tokenExpiresAt } from '@portal/shared-contracts/account';
import type { AccountServices } from '../store/services';
import {
  claimRenewalLeadership,
  clockSkewOf,
  renewTokens,
  renewalDelay,
  RENEW_MIN_GAP_MS,
  RENEW_RETRY_MS,
  type RenewalOutcome,
} from './renewal';
import {
  logoutRequested,
  playerChanged,
  sessionEnded,
  sessionRejected,
  sessionRenewed,
  sessionSynced,
  signin,
} from './session-actions';
import { signinSaga } from './signin-saga';

/** product §4: signed in means an access token is stored (the token store is the one source). */
const signedInNow = (services: AccountServices): boolean => services.tokens.readAccess() !== null;

/** product §9: the session-expired toast stays 3000 ms. */
export const SESSION_EXPIRED_TOAST_MS = 3000;

/**
 * product §4 logout: go to '/' and remove the tokens. Then, best effort, the server revokes the
 * session (the refresh token's family); the local logout never waits on or depends on that call.
 */
export function* logoutSaga(services: AccountServices): SagaIterator {
  const refreshToken = services.tokens.readRefresh();
  if (!signedInNow(services)) return;
  // Home first: the page being left must not redraw itself signed out (session/navigation.ts).
  yield call(services.navigate, ROUTES.home);
  yield call(services.tokens.remove);
  yield put(sessionEnded({ reason: 'logout' }));
  if (refreshToken === null) return;
  try {
    yield call(services.api.logout, { refresh_token: refreshToken });
  } catch {
    // Offline or refused: this browser holds no token any more, and the session dies at its expiry.
  }
}

/** product §4 expiry: toast 'Session expired!' for 3 s, go to '/', clear both storages. */
export function* expireSessionSaga(services: AccountServices): SagaIterator {
  yield call(services.notify.info, INFO_TOASTS.sessionExpired, {
    autoClose: SESSION_EXPIRED_TOAST_MS,
    toastId: 'session-expired',
  });
  yield call(services.navigate, ROUTES.home);
  yield call(services.tokens.clearAll);
  yield call(clearSessionStorage, services.sessionStorage);
  yield put(sessionEnded({ reason: 'expired' }));
}

function clearSessionStorage(storage: Storage): void {
  try {
    storage.clear();
  } catch {
    // An unusable storage holds nothing to clear.
  }
}

/** Expires the session once the stored access token's `exp` has passed. */
function* checkSessionSaga(services: AccountServices): SagaIterator {
  const token = services.tokens.readAccess();
  if (token === null || !isTokenExpired(token, services.now())) return;
  yield call(expireSessionSaga, services);
}

/** product §4: a 401/403 on an authenticated call clears all local storage and goes to '/'. */
export function* sessionRejectedSaga(services: AccountServices): SagaIterator {
  const signedIn = signedInNow(services);
  yield call(services.tokens.clearAll);
  if (!signedIn) return;
  yield put(sessionEnded({ reason: 'rejected' }));
  yield call(services.navigate, ROUTES.home);
}

/** Other parts learn of session changes through the shared event bus (the header slot listens). */
export function* announceSessionSaga(services: AccountServices): SagaIterator {
  yield call(services.announceSession, signedInNow(services));
}

/** Anything after which the renewal schedule must be read again from the stored token. */
const TOKEN_CHANGES = [signin.fulfilled.type, sessionEnded.type, sessionSynced.type, sessionRenewed.type];
/** This tab's own writes of the tokens (another tab's arrive as storage events). */
const OWN_TOKEN_CHANGES = [signin.fulfilled.type, sessionEnded.type, sessionRenewed.type];

/**
 * Backstop for clocks that jump (a sleeping laptop's timers fire late) and tokens replaced
 * without a storage event: the watcher looks at the token at least this often.
 */
export const SESSION_CHECK_INTERVAL_MS = 30_000;

/**
 * The one session watcher (decision 0045). On start and whenever it wakes, an access token past
 * its `exp` is the product's expiry (product §4). Shortly before the token expires it is renewed
 * with the refresh token (decision 0014). A refused renewal (refresh token expired, revoked,
 * reused) is the product's expiry; an unanswered one is retried until the access token expires.
 */
export function* renewalSaga(services: AccountServices): SagaIterator {
  // Ask early, so the first tab is the renewing one well before its token needs renewing.
  yield call(claimRenewalLeadership);
  // Measured at each renewal, so a browser clock that runs ahead does not renew in a loop.
  let clockSkew = 0;
  let minimumWait = 0;
  for (;;) {
    const token = services.tokens.readAccess();
    if (token !== null && isTokenExpired(token, services.now())) {
      yield call(expireSessionSaga, services);
      continue;
    }
    const expiresAt = token === null ? null : tokenExpiresAt(token);
    if (token === null || expiresAt === null) {
      yield take(TOKEN_CHANGES);
      continue;
    }
    const seenRefresh = services.tokens.readRefresh();
    const canRenew = seenRefresh !== null;
    // Without a refresh token, wake just after expiry to run the product's expiry path.
    const wait = canRenew
      ? Math.max(renewalDelay(token, services.now() - clockSkew) ?? 0, minimumWait)
      : Math.max(expiresAt - services.now(), 0) + 50;
    minimumWait = 0;
    const tick = Math.min(wait, SESSION_CHECK_INTERVAL_MS);
    const { changed } = (yield race({ timer: delay(tick), changed: take(TOKEN_CHANGES) })) as { changed?: unknown };
    // Woken early (a token change, or the backstop's tick): look at the token again.
    if (changed || tick < wait) continue;
    if (isTokenExpired(token, services.now())) {
      yield call(checkSessionSaga, services);
      continue;
    }
    if (!canRenew) continue;
    const outcome = (yield call(renewTokens, services, clockSkew, seenRefresh)) as RenewalOutcome;
    if (outcome === 'renewed') {
      clockSkew = clockSkewOf(services.tokens.readAccess(), services.now());
      minimumWait = RENEW_MIN_GAP_MS;
      yield put(sessionRenewed());
    } else if (outcome === 'refused') {
      yield call(expireSessionSaga, services);
    } else if (outcome === 'follower') {
      // Another tab renews (or just did): follow the stored tokens, or expire if none come.
      yield race({ timer: delay(Math.max(expiresAt - services.now(), 0) + 50), changed: take(TOKEN_CHANGES) });
    } else if (outcome === 'unavailable') {
      yield race({
        timer: delay(Math.min(RENEW_RETRY_MS, Math.max(expiresAt - services.now(), 0) + 50)),
        changed: take(TOKEN_CHANGES),
      });
    }
  }
}

function tokenChanges(target: EventTarget): EventChannel<true> {
  return eventChannel((emit) => {
    const onStorage = (event: Event) => {
      const key = (event as StorageEvent).key;
      // key null = storage.clear() in another tab.
      if (key === STORAGE_KEYS.token || key === null) emit(true);
    };
    target.addEventListener('storage', onStorage);
    return () => {
      target.removeEventListener('storage', onStorage);
    };
  });
}

const subjectOf = (token: string | null): unknown => (token === null ? null : decodeJwtClaims(token)?.sub);

/**
 * Tabs stay in step: a sign-in or logout in one tab is mirrored in the others, and a renewal
 * in one tab reschedules the others' renewal instead of reloading the player.
 */
export function* syncAcrossTabsSaga(services: AccountServices): SagaIterator {
  if (!services.storageEvents) return;
  const channel = (yield call(tokenChanges, services.storageEvents)) as EventChannel<true>;
  // What this tab last knew, kept current by this tab's own token changes too.
  let subject = subjectOf(services.tokens.readAccess());
  let wasSignedIn = signedInNow(services);
  try {
    for (;;) {
      const { otherTab } = (yield race({ otherTab: take(channel), own: take(OWN_TOKEN_CHANGES) })) as { otherTab?: true };
      const token = services.tokens.readAccess();
      const signedIn = token !== null;
      const sameSubject = subjectOf(token) === subject && subject !== undefined;
      const signedInBefore = wasSignedIn;
      subject = subjectOf(token);
      wasSignedIn = signedIn;
      if (!otherTab) continue;
      if (signedIn !== signedInBefore) yield put(sessionSynced({ signedIn }));
      if (!signedIn) continue;
      // Someone signed in there, or a token we cannot read: (re)load the player.
      if (signedIn !== signedInBefore || !sameSubject) yield put(playerChanged());
      else yield put(sessionRenewed());
    }
  } finally {
    channel.close();
  }
}

/** The session's watchers, run by the root saga: its one request (sign-in) and its lifecycle. */
export function* sessionSagas(services: AccountServices): SagaIterator {
  yield signinSaga.watch(services);
  yield takeLeading(logoutRequested.type, logoutSaga, services);
  yield takeLeading(sessionRejected.type, sessionRejectedSaga, services);
  yield takeEvery([signin.fulfilled.type, sessionEnded.type, sessionSynced.type], announceSessionSaga, services);
  yield fork(syncAcrossTabsSaga, services);
  yield fork(renewalSaga, services);
}
