import type { SagaIterator } from 'redux-saga';
import { all, call, fork, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import {
  activationSaga,
  forgotPasswordSaga,
  resendVerificationSaga,
  resetPasswordSaga,
  signinSaga,
  signupSaga,
  verifyEmailSaga,
} from '../auth/auth-sagas';
import {
  balanceSaga,
  savePictureSaga,
  saveProfileSaga,
  updatePasswordSaga,
  uploadSaga,
  userInfoSaga,
} from '../profile/profile-sagas';
import {
  announceSessionSaga,
  checkSessionSaga,
  logoutSaga,
  sessionRejectedSaga,
  syncAcrossTabsSaga,
} from '../session/session-sagas';
import * as actions from './account-actions';
import { selectSignedIn } from './root-state';
import type { AccountServices } from './services';

/** On load: drop an expired session first, then load the player if still signed in. */
export function* startupSaga(services: AccountServices): SagaIterator {
  yield call(checkSessionSaga, services);
  const signedIn: boolean = yield select(selectSignedIn);
  if (signedIn) yield put(actions.userInfo.pending());
}

export function* rootSaga(services: AccountServices): SagaIterator {
  yield all([
    // Form submissions: a second submit supersedes the first.
    takeLatest(actions.signup.pending.type, signupSaga, services),
    takeLatest(actions.signin.pending.type, signinSaga, services),
    takeLatest(actions.verifyEmail.pending.type, verifyEmailSaga, services),
    takeLatest(actions.resendVerification.pending.type, resendVerificationSaga, services),
    takeLatest(actions.forgotPassword.pending.type, forgotPasswordSaga, services),
    takeLatest(actions.resetPassword.pending.type, resetPasswordSaga, services),
    takeLeading(actions.activation.pending.type, activationSaga, services),
    takeLatest(actions.userInfo.pending.type, userInfoSaga, services),
    takeLatest(actions.upload.pending.type, uploadSaga, services),
    takeLatest(actions.savePicture.pending.type, savePictureSaga, services),
    takeLatest(actions.saveProfile.pending.type, saveProfileSaga, services),
    takeLatest(actions.updatePassword.pending.type, updatePasswordSaga, services),
    takeLatest(actions.balance.pending.type, balanceSaga, services),
    takeLeading(actions.logoutRequested.type, logoutSaga, services),
    takeLeading(actions.sessionRejected.type, sessionRejectedSaga, services),
    takeLeading(actions.sessionCheckRequested.type, checkSessionSaga, services),
    takeEvery(
      [actions.sessionStarted.type, actions.sessionEnded.type, actions.sessionSynced.type],
      announceSessionSaga,
      services,
    ),
    fork(syncAcrossTabsSaga, services),
  ]);
  yield call(startupSaga, services);
}
