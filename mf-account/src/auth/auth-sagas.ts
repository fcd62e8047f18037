import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeEvery } from 'redux-saga/effects';
import { ERROR_FALLBACKS, MODAL_KINDS, SUCCESS_TOASTS, type MessageResponse } from '@portal/shared-contracts/account';
import { requestSaga } from '../store/request-saga';
import type { AccountServices } from '../store/services';
import { signinUnverified } from '../session';
import { activation, forgotPassword, resendVerification, resetPassword, signup, verifyEmail } from './auth-actions';
import { modalOpened } from './modal-slice';

/** Sign-up (product §2): toast, then the verify dialog with the email. */
export const signupSaga = requestSaga(signup, (s, request) => s.api.register(request).then(() => undefined), {
  fallback: ERROR_FALLBACKS.signup,
  noResponseFallback: ERROR_FALLBACKS.signupGeneric,
  *onSuccess(services, _result, request): SagaIterator {
    yield call(services.notify.success, SUCCESS_TOASTS.signup);
    yield put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: { email: request.email } }));
  },
});

/**
 * A sign-in refused for an unverified email (the session's saga says so): a fresh code to the
 * address the player signed in with, if it is one; the verify dialog opens either way (modal slice).
 */
export function* resendOnUnverifiedSaga({ payload }: ReturnType<typeof signinUnverified>): SagaIterator {
  if (payload.email) yield put(resendVerification.pending({ email: payload.email }));
}

/** Verify (product §8 toast), then straight on to signing in with the same email. */
export const verifyEmailSaga = requestSaga(verifyEmail, (s, request) => s.api.verifyEmail(request).then(() => undefined), {
  fallback: ERROR_FALLBACKS.verifyEmail,
  // product §8: the error is red text in the dialog (it reads `error`); shown there, it is not also toasted.
  toastError: false,
  *onSuccess(services, _result, request): SagaIterator {
    yield call(services.notify.success, SUCCESS_TOASTS.emailVerified);
    yield put(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: request.email } }));
  },
});

/** The server's message is what the player sees. */
function* toastMessage(services: AccountServices, message: string): SagaIterator {
  yield call(services.notify.info, message);
}
const messageOf = (response: MessageResponse): string => response.message;

export const resendVerificationSaga = requestSaga(
  resendVerification,
  (s, request) => s.api.resendVerification(request).then(messageOf),
  {
    fallback: ERROR_FALLBACKS.resendVerification,
    onSuccess: toastMessage,
  },
);

/** Forgot password (product §2): on success the reset dialog opens with the email. */
export const forgotPasswordSaga = requestSaga(forgotPassword, (s, request) => s.api.forgotPassword(request).then(messageOf), {
  fallback: ERROR_FALLBACKS.forgotPassword,
  *onSuccess(services, response, request): SagaIterator {
    yield call(toastMessage, services, response);
    yield put(modalOpened({ kind: MODAL_KINDS.resetPassword, props: { email: request.email } }));
  },
});

/** Reset password: toast, then the sign-in dialog so the new password can be used at once. */
export const resetPasswordSaga = requestSaga(resetPassword, (s, request) => s.api.resetPassword(request).then(() => undefined), {
  fallback: ERROR_FALLBACKS.resetPassword,
  // product §8: the error is red text in the dialog (it reads `error`); shown there, it is not also toasted.
  toastError: false,
  *onSuccess(services, _result, request): SagaIterator {
    yield call(services.notify.success, SUCCESS_TOASTS.passwordReset);
    yield put(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: request.email } }));
  },
});

/** The activation link of the verification mail (activate-user): redeemed once. */
export const activationSaga = requestSaga(activation, (s, request) => s.api.activateUser(request).then(() => undefined), {
  fallback: ERROR_FALLBACKS.activation,
  concurrency: 'leading',
  *onSuccess(services): SagaIterator {
    yield call(services.notify.success, SUCCESS_TOASTS.userActivated);
    yield put(modalOpened({ kind: MODAL_KINDS.signIn }));
  },
});

/** Every auth request. */
const AUTH_REQUESTS = [
  signupSaga,
  verifyEmailSaga,
  resendVerificationSaga,
  forgotPasswordSaga,
  resetPasswordSaga,
  activationSaga,
];

/** The auth feature's watchers, forked by the app's root saga with the services (decision 0013). */
export function* authSagas(services: AccountServices): SagaIterator {
  yield all([...AUTH_REQUESTS.map((saga) => saga.watch(services)), takeEvery(signinUnverified, resendOnUnverifiedSaga)]);
}
