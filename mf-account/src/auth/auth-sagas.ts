import type { SagaIterator } from 'redux-saga';
import { all, call, put } from 'redux-saga/effects';
import { ROUTES } from 'shared-contracts';
import {
  EMAIL_NOT_VERIFIED,
  ERROR_FALLBACKS,
  MODAL_KINDS,
  SUCCESS_TOASTS,
  isValidEmail,
  type MessageResponse,
} from 'shared-contracts/account';
import { requestSaga } from '../store/request-saga';
import type { AccountServices } from '../store/services';
import { signin } from '../session';
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
 * Sign-in (product §4): the tokens are stored, then one `signin.fulfilled` that the session
 * (signed in), modal (closed) and profile (loading the player) slices answer; toast, go to '/'.
 * An unverified account gets a fresh code and the verify dialog instead (product §8).
 */
export const signinSaga = requestSaga(
  signin,
  async (s, request) => {
    s.tokens.save(await s.api.login(request));
  },
  {
    fallback: ERROR_FALLBACKS.signin,
    noResponseFallback: ERROR_FALLBACKS.signinUnknown,
    *onSuccess(services): SagaIterator {
      yield call(services.notify.success, SUCCESS_TOASTS.signin);
      yield call(services.navigate, ROUTES.home);
    },
    *onFailure(_services, failure, request): SagaIterator {
      if (!failure.message.includes(EMAIL_NOT_VERIFIED)) return;
      // The field takes an email or a username; only an email can receive a code.
      const email = isValidEmail(request.username) ? request.username.trim() : undefined;
      if (email) yield put(resendVerification.pending({ email }));
      yield put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: email ? { email } : {} }));
    },
  },
);

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
  signinSaga,
  verifyEmailSaga,
  resendVerificationSaga,
  forgotPasswordSaga,
  resetPasswordSaga,
  activationSaga,
];

/** The auth feature's watchers, forked by the app's root saga with the services (decision 0013). */
export function* authSagas(services: AccountServices): SagaIterator {
  yield all(AUTH_REQUESTS.map((saga) => saga.watch(services)));
}
