import { ERROR_FALLBACKS, MODAL_KINDS, SUCCESS_TOASTS } from '@portal/shared-contracts/account';
import { expectSaga } from 'redux-saga-test-plan';
import { signinUnverified } from '../session/session-actions';
import { activation, forgotPassword, resendVerification, resetPassword, signup, verifyEmail } from './auth-actions';
import { modalOpened } from './modal-slice';
import { rootReducer } from '../app/root-reducer';
import { errorCases } from '../testing/error-cases';
import { sagaOnPost } from '../testing/saga-on-post';
import {
  activationSaga,
  forgotPasswordSaga,
  resendVerificationSaga,
  resendOnUnverifiedSaga,
  resetPasswordSaga,
  signupSaga,
  verifyEmailSaga,
} from './auth-sagas';

beforeEach(() => {
  localStorage.clear();
});

const signupRequest = {
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  password: 'Secret#123',
  captcha_token: 'tok',
};

describe('signupSaga', () => {
  it('success: fulfilled, toast, verify dialog with the email', async () => {
    const { services, saga } = sagaOnPost(signupSaga, signup.pending(signupRequest), '/register/', (h) =>
      h.reply(201, { message: 'ok' }),
    );
    await saga
      .put(signup.fulfilled())
      .call(services.notify.success, SUCCESS_TOASTS.signup)
      .put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: { email: 'ada@example.com' } }))
      .run();
  });

  it.each(errorCases(ERROR_FALLBACKS.signup, ERROR_FALLBACKS.signupGeneric))(
    '$name → rejected with "$message" and an error toast',
    async ({ reply, message }) => {
      const { services, saga } = sagaOnPost(signupSaga, signup.pending(signupRequest), '/register/', reply);
      await saga.put(signup.rejected(message)).call(services.notify.error, message).not.put.actionType(modalOpened.type).run();
    },
  );
});

describe('a sign-in refused for an unverified email (the session says signinUnverified)', () => {
  it('signed in with an email: a fresh code is asked for, and the verify dialog opens with the address', async () => {
    await expectSaga(resendOnUnverifiedSaga, signinUnverified({ email: 'ada@example.com' }))
      .put(resendVerification.pending({ email: 'ada@example.com' }))
      .run();
    expect(rootReducer(undefined, signinUnverified({ email: 'ada@example.com' })).modal).toEqual({
      kind: MODAL_KINDS.verifyEmail,
      props: { email: 'ada@example.com' },
    });
  });

  it('signed in with a username: no code is sent, and the verify dialog asks for the address', async () => {
    await expectSaga(resendOnUnverifiedSaga, signinUnverified({})).not.put.actionType(resendVerification.pending.type).run();
    expect(rootReducer(undefined, signinUnverified({})).modal).toEqual({ kind: MODAL_KINDS.verifyEmail, props: {} });
  });
});

// Both redeem a mailed code; on success they toast and open Sign In with the email. A failure
// stays in their dialog, in red text, and is also an error toast (product §8).
describe.each([
  {
    title: 'verifyEmailSaga',
    saga: verifyEmailSaga,
    email: 'ada@example.com',
    pending: verifyEmail.pending({ email: 'ada@example.com', verification_code: '123456' }),
    url: '/verify-email/',
    serverMessage: 'Email verified successfully.',
    fulfilled: verifyEmail.fulfilled(),
    toast: SUCCESS_TOASTS.emailVerified,
    rejected: verifyEmail.rejected,
    fallback: ERROR_FALLBACKS.verifyEmail,
  },
  {
    title: 'resetPasswordSaga',
    saga: resetPasswordSaga,
    email: 'a@b.co',
    pending: resetPassword.pending({ email: 'a@b.co', reset_code: '123456', new_password: 'Secret#123' }),
    url: '/reset-password/',
    serverMessage: 'Password reset successful.',
    fulfilled: resetPassword.fulfilled(),
    toast: SUCCESS_TOASTS.passwordReset,
    rejected: resetPassword.rejected,
    fallback: ERROR_FALLBACKS.resetPassword,
  },
])('$title', ({ saga: codeSaga, email, pending, url, serverMessage, fulfilled, toast, rejected, fallback }) => {
  it('success: toast, then the sign-in dialog with the email', async () => {
    const { services, saga } = sagaOnPost(codeSaga, pending, url, (h) => h.reply(200, { message: serverMessage }));
    await saga
      .put(fulfilled)
      .call(services.notify.success, toast)
      .put(modalOpened({ kind: MODAL_KINDS.signIn, props: { email } }))
      .run();
  });

  it.each(errorCases(fallback))(
    '$name → rejected with "$message", shown in the dialog only (no toast)',
    async ({ reply, message }) => {
      const { services, saga } = sagaOnPost(codeSaga, pending, url, reply);
      await saga.put(rejected(message)).not.call(services.notify.error, message).run();
    },
  );
});

describe('resendVerificationSaga', () => {
  const pending = resendVerification.pending({ email: 'a@b.co' });

  it("success: the server's message as an info toast", async () => {
    const { services, saga } = sagaOnPost(resendVerificationSaga, pending, '/resend-verification-email/', (h) =>
      h.reply(200, { message: 'Sent.' }),
    );
    await saga.put(resendVerification.fulfilled('Sent.')).call(services.notify.info, 'Sent.').run();
  });

  it.each(errorCases(ERROR_FALLBACKS.resendVerification))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, saga } = sagaOnPost(resendVerificationSaga, pending, '/resend-verification-email/', reply);
    await saga.put(resendVerification.rejected(message)).call(services.notify.error, message).run();
  });
});

describe('forgotPasswordSaga', () => {
  const pending = forgotPassword.pending({ email: 'a@b.co' });

  it('success: the reset dialog opens with the email', async () => {
    const { services, saga } = sagaOnPost(forgotPasswordSaga, pending, '/forgot-password/', (h) =>
      h.reply(200, { message: 'Code sent.' }),
    );
    await saga
      .put(forgotPassword.fulfilled('Code sent.'))
      .call(services.notify.info, 'Code sent.')
      .put(modalOpened({ kind: MODAL_KINDS.resetPassword, props: { email: 'a@b.co' } }))
      .run();
  });

  it.each(errorCases(ERROR_FALLBACKS.forgotPassword))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, saga } = sagaOnPost(forgotPasswordSaga, pending, '/forgot-password/', reply);
    await saga
      .put(forgotPassword.rejected(message))
      .call(services.notify.error, message)
      .not.put.actionType(modalOpened.type)
      .run();
  });
});

describe('activationSaga', () => {
  it('success: toast and the sign-in dialog', async () => {
    const { services, http, saga } = sagaOnPost(activationSaga, activation.pending({ token: 'tok' }), '/api/activate-user', (h) =>
      h.reply(200, { message: 'User activated successfully!' }),
    );
    await saga
      .put(activation.fulfilled())
      .call(services.notify.success, SUCCESS_TOASTS.userActivated)
      .put(modalOpened({ kind: MODAL_KINDS.signIn }))
      .run();
    expect(http.history.post[0]?.params).toEqual({ token: 'tok' });
  });

  it.each(errorCases(ERROR_FALLBACKS.activation))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, saga } = sagaOnPost(activationSaga, activation.pending({ token: 'tok' }), '/api/activate-user', reply);
    await saga.put(activation.rejected(message)).call(services.notify.error, message).run();
  });
});
