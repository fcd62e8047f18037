import type { SagaIterator } from 'redux-saga';
import { all, call, fork, put, select } from 'redux-saga/effects';
import { AUTH_REQUESTS } from '../auth/auth-sagas';
import { userInfo } from '../profile/profile-actions';
import { PROFILE_REQUESTS } from '../profile/profile-sagas';
import { checkSessionSaga, sessionSagas } from '../session/session-sagas';
import { selectSignedIn } from './selectors';
import type { AccountServices } from './services';

/** On load: drop an expired session first, then load the player if still signed in. */
export function* startupSaga(services: AccountServices): SagaIterator {
  yield call(checkSessionSaga, services);
  const signedIn = (yield select(selectSignedIn)) as boolean;
  if (signedIn) yield put(userInfo.pending());
}

/** The services are handed to every saga once, here (decision 0013). */
export function* rootSaga(services: AccountServices): SagaIterator {
  yield all([...AUTH_REQUESTS, ...PROFILE_REQUESTS].map((saga) => saga.watch(services)));
  yield fork(sessionSagas, services);
  yield call(startupSaga, services);
}
