import type { SagaIterator } from 'redux-saga';
import { call, takeEvery } from 'redux-saga/effects';
import { sessionSynced, signin } from '../session';
import type { AccountServices } from '../store/services';

/** Tells the library sync when this tab's session becomes signed in. */
function* tellSignedIn(services: AccountServices): SagaIterator {
  // The token store is the one source of "signed in" (decision 0045).
  if (services.tokens.readAccess() !== null) yield call(services.librarySync.signedIn);
}

/**
 * A sign-in here, or one mirrored from another tab: the browser's and the account's lists are
 * merged. Inside the account remote this goes through its store; the bus is for other parts.
 */
export function* librarySyncSaga(services: AccountServices): SagaIterator {
  yield takeEvery([signin.fulfilled.type, sessionSynced.type], tellSignedIn, services);
}
