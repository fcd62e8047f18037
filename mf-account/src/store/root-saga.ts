import type { SagaIterator } from 'redux-saga';
import { all, call, fork, put } from 'redux-saga/effects';
import { AUTH_REQUESTS } from '../auth/auth-sagas';
import { userInfo } from '../profile/profile-actions';
import { PROFILE_REQUESTS } from '../profile/profile-sagas';
import { sessionSagas } from '../session/session-sagas';
import type { AccountServices } from './services';

/** On load, after the session watcher has dropped an expired session: load the player if signed in. */
export function* startupSaga(services: AccountServices): SagaIterator {
  if (services.tokens.readAccess() !== null) yield put(userInfo.pending());
}

/** The services are handed to every saga once, here (decision 0013). */
export function* rootSaga(services: AccountServices): SagaIterator {
  yield all([...AUTH_REQUESTS, ...PROFILE_REQUESTS].map((saga) => saga.watch(services)));
  // The session watcher runs first: an expired token on load is gone before the start-up reads it.
  yield fork(sessionSagas, services);
  yield call(startupSaga, services);
}
