import { expectSaga } from 'redux-saga-test-plan';
import { ERROR_FALLBACKS, MODAL_KINDS, STORAGE_KEYS, SUCCESS_TOASTS } from 'shared-contracts';
import { activation, forgotPassword, resendVerification, resetPassword, signin, signup, verifyEmail } from './auth-actions';
import { modalOpened } from './modal-slice';
import { errorCases } from '../testing/error-cases';
import { fakeServices } from '../testing/fakes';
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
    const { services, http } = fakeServices();
    http.onPost('/register/').reply(201, { message: 'ok' });
    await expectSaga(signupSaga, services, signup.pending(signupRequest))
      .put(signup.fulfilled())
      .call(services.notify.success, SUCCESS_TOASTS.signup)
      .put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: { email: 'ada@example.com' } }))
      .run();
  });

  it.each(errorCases(ERROR_FALLBACKS.signup, ERROR_FALLBACKS.signupGeneric))(
    '$name → rejected with "$message" and an error toast',
    async ({ reply, message }) => {
      const { services, http } = fakeServices();
      reply(http.onPost('/register/'));
      await expectSaga(signupSaga, services, signup.pending(signupRequest))
        .put(signup.rejected(message))
        .call(services.notify.error, message)
        .not.put.actionType(modalOpened.type)
        .run();
    },
  );
});

describe('signinSaga', () => {
  const request = { username: 'ada@example.com', password: 'Secret#123', captcha_token: 'tok' };

  it('success: stores both tokens, signs in, toasts, closes the modal, goes home, loads the user', async () => {
    const { services, http } = fakeServices();
    http.onPost('/login/').reply(200, { access_token: 'access', refresh_token: 'refresh', token_type: 'bearer' });
    await expectSaga(signinSaga, services, signin.pending(request))
      // One action: the session, modal and profile slices answer it (see slices.test.ts).
      .put(signin.fulfilled())
      .call(services.notify.success, SUCCESS_TOASTS.signin)
      .call(services.navigate, '/')
      .not.put.actionType(modalOpened.type)
      .run();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh');
  });

  it.each(errorCases(ERROR_FALLBACKS.signin, ERROR_FALLBACKS.signinUnknown))(
    '$name → rejected with "$message", still signed out',
    async ({ reply, message }) => {
      const { services, http } = fakeServices();
      reply(http.onPost('/login/'));
      await expectSaga(signinSaga, services, signin.pending(request))
        .put(signin.rejected(message))
        .call(services.notify.error, message)
        .not.put.actionType(signin.fulfilled.type)
        .not.put.actionType(resendVerification.pending.type)
        .run();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    },
  );

  it("'Email not verified': resends the code and opens the verify dialog with the email", async () => {
    const { services, http } = fakeServices();
    http.onPost('/login/').reply(403, { detail: 'Email not verified. Enter the code we emailed you to activate your account.' });
    await expectSaga(signinSaga, services, signin.pending(request))
      .put(signin.rejected('Email not verified. Enter the code we emailed you to activate your account.'))
      .put(resendVerification.pending({ email: 'ada@example.com' }))
      .put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: { email: 'ada@example.com' } }))
      .run();
  });

  it("'Email not verified' after a username sign-in: the verify dialog asks for the address", async () => {
    const { services, http } = fakeServices();
    http.onPost('/login/').reply(403, { detail: 'Email not verified' });
    await expectSaga(signinSaga, services, signin.pending({ ...request, username: 'ada' }))
      .not.put.actionType(resendVerification.pending.type)
      .put(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: {} }))
      .run();
  });
});

describe('verifyEmailSaga', () => {
  const request = { email: 'ada@example.com', verification_code: '123456' };

  it('success: toast, then the sign-in dialog with the email', async () => {
    const { services, http } = fakeServices();
    http.onPost('/verify-email/').reply(200, { message: 'Email verified successfully.' });
    await expectSaga(verifyEmailSaga, services, verifyEmail.pending(request))
      .put(verifyEmail.fulfilled())
      .call(services.notify.success, SUCCESS_TOASTS.emailVerified)
      .put(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: 'ada@example.com' } }))
      .run();
  });

  it.each(errorCases(ERROR_FALLBACKS.verifyEmail))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/verify-email/'));
    await expectSaga(verifyEmailSaga, services, verifyEmail.pending(request))
      .put(verifyEmail.rejected(message))
      .not.call(services.notify.error, message)
      .run();
  });
});

describe('resendVerificationSaga', () => {
  it("success: the server's message as an info toast", async () => {
    const { services, http } = fakeServices();
    http.onPost('/resend-verification-email/').reply(200, { message: 'Sent.' });
    await expectSaga(resendVerificationSaga, services, resendVerification.pending({ email: 'a@b.co' }))
      .put(resendVerification.fulfilled('Sent.'))
      .call(services.notify.info, 'Sent.')
      .run();
  });

  it.each(errorCases(ERROR_FALLBACKS.resendVerification))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/resend-verification-email/'));
    await expectSaga(resendVerificationSaga, services, resendVerification.pending({ email: 'a@b.co' }))
      .put(resendVerification.rejected(message))
      .call(services.notify.error, message)
      .run();
  });
});

describe('forgotPasswordSaga', () => {
  it('success: the reset dialog opens with the email', async () => {
    const { services, http } = fakeServices();
    http.onPost('/forgot-password/').reply(200, { message: 'Code sent.' });
    await expectSaga(forgotPasswordSaga, services, forgotPassword.pending({ email: 'a@b.co' }))
      .put(forgotPassword.fulfilled('Code sent.'))
      .call(services.notify.info, 'Code sent.')
      .put(modalOpened({ kind: MODAL_KINDS.resetPassword, props: { email: 'a@b.co' } }))
      .run();
  });

  it.each(errorCases(ERROR_FALLBACKS.forgotPassword))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/forgot-password/'));
    await expectSaga(forgotPasswordSaga, services, forgotPassword.pending({ email: 'a@b.co' }))
      .put(forgotPassword.rejected(message))
      .call(services.notify.error, message)
      .not.put.actionType(modalOpened.type)
      .run();
  });
});

describe('resetPasswordSaga', () => {
  const request = { email: 'a@b.co', reset_code: '123456', new_password: 'Secret#123' };

  it('success: toast, then the sign-in dialog with the email', async () => {
    const { services, http } = fakeServices();
    http.onPost('/reset-password/').reply(200, { message: 'Password reset successful.' });
    await expectSaga(resetPasswordSaga, services, resetPassword.pending(request))
      .put(resetPassword.fulfilled())
      .call(services.notify.success, SUCCESS_TOASTS.passwordReset)
      .put(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: 'a@b.co' } }))
      .run();
  });

  it.each(errorCases(ERROR_FALLBACKS.resetPassword))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/reset-password/'));
    await expectSaga(resetPasswordSaga, services, resetPassword.pending(request))
      .put(resetPassword.rejected(message))
      .not.call(services.notify.error, message)
      .run();
  });
});

describe('activationSaga', () => {
  it('success: toast and the sign-in dialog', async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/activate-user').reply(200, { message: 'User activated successfully!' });
    await expectSaga(activationSaga, services, activation.pending({ token: 'tok' }))
      .put(activation.fulfilled())
      .call(services.notify.success, SUCCESS_TOASTS.userActivated)
      .put(modalOpened({ kind: MODAL_KINDS.signIn }))
      .run();
    expect(http.history.post[0]?.params).toEqual({ token: 'tok' });
  });

  it.each(errorCases(ERROR_FALLBACKS.activation))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/api/activate-user'));
    await expectSaga(activationSaga, services, activation.pending({ token: 'tok' }))
      .put(activation.rejected(message))
      .call(services.notify.error, message)
      .run();
  });
});
