import type { SagaIterator } from 'redux-saga';
import { call, fork, put } from 'redux-saga/effects';
import { authSagas } from '../auth';
import { librarySyncSaga } from '../library-sync';
import { profileSagas, userInfo } from '../profile';
import { sessionSagas } from '../session';
import type { AccountServices } from '../store/services';

/** On load, after the session watcher has dropped an expired session: load the player if signed in. */
export function* startupSaga(services: AccountServices): SagaIterator {
  if (services.tokens.readAccess() !== null) yield put(userInfo.pending());
}

/** Each feature's watchers, handed the services once, here (decision 0013). */
export function* rootSaga(services: AccountServices): SagaIterator {
  yield fork(authSagas, services);
  yield fork(profileSagas, services);
  // The session watcher runs before the start-up: an expired token on load is gone before it is read.
  yield fork(sessionSagas, services);
  yield fork(librarySyncSaga, services);
  yield call(startupSaga, services);
}
