import { STORAGE_KEYS } from '@portal/shared-contracts';
import { ERROR_FALLBACKS, MODAL_KINDS, SUCCESS_TOASTS } from '@portal/shared-contracts/account';
import { modalOpened } from '../auth/modal-slice';
import { resendVerification } from '../auth/auth-actions';
import { rootReducer, type AccountRootState } from '../app/root-reducer';
import { errorCases } from '../testing/error-cases';
import { sagaOnPost } from '../testing/saga-on-post';
import { signin, signinUnverified } from './session-actions';
import { signinSaga } from './signin-saga';

beforeEach(() => {
  localStorage.clear();
});

const request = { username: 'ada@example.com', password: 'Secret#123', captcha_token: 'tok' };
const UNVERIFIED = 'Email not verified. Enter the code we emailed you to activate your account.';

describe('signinSaga', () => {
  it('success: stores both tokens, signs in, toasts, closes the dialog, goes home, starts loading the user', async () => {
    const { services, saga } = sagaOnPost(signinSaga, signin.pending(request), '/login/', (h) =>
      h.reply(200, { access_token: 'access', refresh_token: 'refresh', token_type: 'bearer' }),
    );
    // The Sign In dialog is open when the request succeeds.
    const before = rootReducer(rootReducer(undefined, modalOpened({ kind: MODAL_KINDS.signIn })), signin.pending(request));
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
    // The flags are the session's.
    expect(storeState.session.signin).toEqual({ loading: false, success: true, error: null });
    // The user-info saga answers the same action (account-store.test.ts fetches it); until then, loading.
    expect(storeState.profile.loading).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh');
  });

  it.each(errorCases(ERROR_FALLBACKS.signin, ERROR_FALLBACKS.signinUnknown))(
    '$name → rejected with "$message", still signed out',
    async ({ reply, message }) => {
      const { services, saga } = sagaOnPost(signinSaga, signin.pending(request), '/login/', reply);
      const { storeState } = (await saga
        .withReducer(rootReducer)
        .put(signin.rejected(message))
        .call(services.notify.error, message)
        .not.put.actionType(signin.fulfilled.type)
        .not.put.actionType(signinUnverified.type)
        .not.put.actionType(resendVerification.pending.type)
        .run()) as { storeState: AccountRootState };
      expect(storeState.session.signin).toEqual({ loading: false, success: false, error: message });
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    },
  );

  it("'Email not verified': says so with the email, and the verify dialog opens with it", async () => {
    const { saga } = sagaOnPost(signinSaga, signin.pending(request), '/login/', (h) => h.reply(403, { detail: UNVERIFIED }));
    const { storeState } = (await saga
      .withReducer(rootReducer)
      .put(signin.rejected(UNVERIFIED))
      .put(signinUnverified({ email: 'ada@example.com' }))
      .run()) as { storeState: AccountRootState };
    expect(storeState.modal).toEqual({ kind: MODAL_KINDS.verifyEmail, props: { email: 'ada@example.com' } });
  });

  it("'Email not verified' after a username sign-in: the verify dialog asks for the address", async () => {
    const { saga } = sagaOnPost(signinSaga, signin.pending({ ...request, username: 'ada' }), '/login/', (h) =>
      h.reply(403, { detail: 'Email not verified' }),
    );
    const { storeState } = (await saga.withReducer(rootReducer).put(signinUnverified({})).run()) as {
      storeState: AccountRootState;
    };
    expect(storeState.modal).toEqual({ kind: MODAL_KINDS.verifyEmail, props: {} });
  });
});
