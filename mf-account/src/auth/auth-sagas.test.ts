import { STORAGE_KEYS } from 'shared-contracts';
import { ERROR_FALLBACKS, MODAL_KINDS, SUCCESS_TOASTS } from 'shared-contracts/account';
import { signin } from '../session/session-actions';
import { activation, forgotPassword, resendVerification, resetPassword, signup, verifyEmail } from './auth-actions';
import { modalOpened } from './modal-slice';
import { rootReducer, type AccountRootState } from '../app/root-reducer';
import { errorCases } from '../testing/error-cases';
import { sagaOnPost } from '../testing/saga-on-post';
import {
  activationSaga,
  forgotPasswordSaga,
  resendVerificationSaga,
  resetPasswordSaga,
  signinSaga,
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

describe('signinSaga', () => {
  const request = { username: 'ada@example.com', password: 'Secret#123', captcha_token: 'tok' };

  it('success: stores both tokens, signs in, toasts, closes the dialog, goes home, starts loading the user', async () => {
    const { services, saga } = sagaOnPost(signinSaga, signin.pending(request), '/login/', (h) =>
      h.reply(200, { access_token: 'access', refresh_token: 'refresh', token_type: 'bearer' }),
    );
    // The Sign In dialog is open when the request succeeds.
    const before = rootReducer(undefined, modalOpened({ kind: MODAL_KINDS.signIn }));
    expect(before.modal.kind).toBe(MODAL_KINDS.signIn);
    const { storeState } = (await saga
      .withReducer(rootReducer, before)
      // One action: the session, modal and profile slices answer it.
      .put(signin.fulfilled())
      .call(services.notify.success, SUCCESS_TOASTS.signin)
      .call(services.navigate, '/')
      .not.put.actionType(modalOpened.type)
      .run()) as { storeState: AccountRootState };
    expect(storeState.modal).toEqual({ kind: null, props: {} });
    // The user-info saga answers the same action (account-store.test.ts fetches it); until then, loading.
    expect(storeState.profile.loading).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh');
  });

  it.each(errorCases(ERROR_FALLBACKS.signin, ERROR_FALLBACKS.signinUnknown))(
    '$name → rejected with "$message", still signed out',
    async ({ reply, message }) => {
      const { services, saga } = sagaOnPost(signinSaga, signin.pending(request), '/login/', reply);
      await saga
        .put(signin.rejected(message))
        .call(services.notify.error, message)
        .not.put.actionType(signin.fulfilled.type)
        .not.put.actionType(resendVerification.pending.type)
        .run();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    },
  );

  it("'Email not verified': resends the code and opens the verify dialog with the email", async () => {
    const { saga } = sagaOnPost(signinSaga, signin.pending(request), '/login/', (h) =>
      h.reply(403, { detail: 'Email not verified. Enter the code we emailed you to activate your account.' }),
    );
    await saga
      .put(signin.rejected('Email not verified. Enter the code we emailed you to activate your account.'))
      .put(resendVerification.pending({ email: 'ada@example.com' }))
      .put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: { email: 'ada@example.com' } }))
      .run();
  });

  it("'Email not verified' after a username sign-in: the verify dialog asks for the address", async () => {
    const { saga } = sagaOnPost(signinSaga, signin.pending({ ...request, username: 'ada' }), '/login/', (h) =>
      h.reply(403, { detail: 'Email not verified' }),
    );
    await saga.not.put
      .actionType(resendVerification.pending.type)
      .put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: {} }))
      .run();
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
