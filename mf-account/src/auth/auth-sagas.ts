import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import {
  EMAIL_NOT_VERIFIED,
  ERROR_FALLBACKS,
  MODAL_KINDS,
  ROUTES,
  SUCCESS_TOASTS,
  isValidEmail,
  type EmailRequest,
  type LoginRequest,
  type LoginResponse,
  type MessageResponse,
  type RegisterRequest,
  type ResetPasswordRequest,
  type VerifyEmailRequest,
} from 'shared-contracts';
import { describeApiError, type ApiFailure } from '../api/api-error';
import { storeSessionTokens } from '../session/token-storage';
import {
  activation,
  forgotPassword,
  resendVerification,
  resetPassword,
  sessionStarted,
  signin,
  signup,
  userInfo,
  verifyEmail,
} from '../store/account-actions';
import { modalClosed, modalOpened } from '../store/modal-slice';
import type { AccountServices } from '../store/services';

/** Sign-up (SPEC §2): toast, then the verify dialog with the email. */
export function* signupSaga(services: AccountServices, { payload }: PayloadAction<RegisterRequest>): SagaIterator {
  try {
    yield call(services.api.register, payload);
    yield put(signup.fulfilled());
    yield call(services.notify.success, SUCCESS_TOASTS.signup);
    yield put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: { email: payload.email } }));
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.signup, ERROR_FALLBACKS.signupGeneric);
    yield put(signup.rejected(failure.message));
    yield call(services.notify.error, failure.message);
  }
}

/**
 * Sign-in (SPEC §4): store both tokens, toast, close the modal, go to '/', load the player.
 * An unverified account gets a fresh code and the verify dialog instead (SPEC §8).
 */
export function* signinSaga(services: AccountServices, { payload }: PayloadAction<LoginRequest>): SagaIterator {
  let tokens: LoginResponse;
  try {
    tokens = yield call(services.api.login, payload);
    yield call(storeSessionTokens, services.localStorage, tokens);
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.signin, ERROR_FALLBACKS.signinUnknown);
    yield put(signin.rejected(failure.message));
    yield call(services.notify.error, failure.message);
    if (failure.message.includes(EMAIL_NOT_VERIFIED)) {
      // The field takes an email or a username; only an email can receive a code.
      const email = isValidEmail(payload.username) ? payload.username.trim() : undefined;
      if (email) yield put(resendVerification.pending({ email }));
      yield put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: email ? { email } : {} }));
    }
    return;
  }
  yield put(sessionStarted());
  yield put(signin.fulfilled());
  yield call(services.notify.success, SUCCESS_TOASTS.signin);
  yield put(modalClosed());
  yield call(services.navigate, ROUTES.home);
  yield put(userInfo.pending());
}

/** Verify (SPEC §8 toast), then straight on to signing in with the same email. */
export function* verifyEmailSaga(services: AccountServices, { payload }: PayloadAction<VerifyEmailRequest>): SagaIterator {
  try {
    yield call(services.api.verifyEmail, payload);
    yield put(verifyEmail.fulfilled());
    yield call(services.notify.success, SUCCESS_TOASTS.emailVerified);
    yield put(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: payload.email } }));
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.verifyEmail);
    // Shown once, in red in the dialog (SPEC §8), not also as a toast (issue 12).
    yield put(verifyEmail.rejected(failure.message));
  }
}

export function* resendVerificationSaga(services: AccountServices, { payload }: PayloadAction<EmailRequest>): SagaIterator {
  try {
    const response: MessageResponse = yield call(services.api.resendVerification, payload);
    yield put(resendVerification.fulfilled());
    yield call(services.notify.info, response.message);
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.resendVerification);
    yield put(resendVerification.rejected(failure.message));
    yield call(services.notify.error, failure.message);
  }
}

/** Forgot password (SPEC §2): on success the reset dialog opens with the email. */
export function* forgotPasswordSaga(services: AccountServices, { payload }: PayloadAction<EmailRequest>): SagaIterator {
  try {
    const response: MessageResponse = yield call(services.api.forgotPassword, payload);
    yield put(forgotPassword.fulfilled());
    yield call(services.notify.info, response.message);
    yield put(modalOpened({ kind: MODAL_KINDS.resetPassword, props: { email: payload.email } }));
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.forgotPassword);
    yield put(forgotPassword.rejected(failure.message));
    yield call(services.notify.error, failure.message);
  }
}

/** Reset password: toast, then the sign-in dialog so the new password can be used at once. */
export function* resetPasswordSaga(services: AccountServices, { payload }: PayloadAction<ResetPasswordRequest>): SagaIterator {
  try {
    yield call(services.api.resetPassword, payload);
    yield put(resetPassword.fulfilled());
    yield call(services.notify.success, SUCCESS_TOASTS.passwordReset);
    yield put(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: payload.email } }));
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.resetPassword);
    // Shown once, in red in the dialog (SPEC §8), not also as a toast (issue 12).
    yield put(resetPassword.rejected(failure.message));
  }
}

/** The activation link of the verification mail (activate-user). */
export function* activationSaga(services: AccountServices, { payload }: PayloadAction<{ token: string }>): SagaIterator {
  try {
    yield call(services.api.activateUser, { token: payload.token });
    yield put(activation.fulfilled());
    yield call(services.notify.success, SUCCESS_TOASTS.userActivated);
    yield put(modalOpened({ kind: MODAL_KINDS.signIn }));
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.activation);
    yield put(activation.rejected(failure.message));
    yield call(services.notify.error, failure.message);
  }
}
