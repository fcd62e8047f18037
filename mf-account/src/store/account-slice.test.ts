import { MODAL_KINDS } from 'shared-contracts';
import { sampleUser } from '../testing/fakes';
import * as actions from './account-actions';
import { TRACKED_ACTIONS } from './account-actions';
import { accountReducer, initialAccountState } from './account-slice';
import { modalClosed, modalOpened, modalReducer } from './modal-slice';
import { createSessionReducer } from './session-slice';

const asyncActions = {
  upload: actions.upload,
  signup: actions.signup,
  signin: actions.signin,
  updatePassword: actions.updatePassword,
  resetPassword: actions.resetPassword,
  forgotPassword: actions.forgotPassword,
  activation: actions.activation,
  balance: actions.balance,
  verifyEmail: actions.verifyEmail,
  resendVerification: actions.resendVerification,
  savePicture: actions.savePicture,
};

describe('account reducer (SPEC §3/§4)', () => {
  it('starts with every flag idle, no user, saveProfile idle', () => {
    const state = initialAccountState();
    expect(state.user).toBeNull();
    expect(state.loading).toBe(false);
    expect(state.error).toBeNull();
    expect(state.balanceData).toBeNull();
    expect(state.saveProfile).toEqual({ status: 'idle', error: null });
    for (const name of TRACKED_ACTIONS) expect(state[name]).toEqual({ loading: false, success: false, error: null });
  });

  describe.each(TRACKED_ACTIONS)('%s', (name) => {
    const action = asyncActions[name];
    // The request payload does not matter to the flags.
    const pending = () => (action.pending as (payload?: unknown) => { type: string })(undefined);
    const fulfilled = () =>
      (action.fulfilled as (payload?: unknown) => { type: string })(name === 'upload' ? { name: 'x' } : undefined);

    it('pending: loading, previous success and error cleared', () => {
      let state = accountReducer(undefined, action.rejected('old error'));
      state = accountReducer(state, pending());
      expect(state[name]).toEqual({ loading: true, success: false, error: null });
    });

    it('fulfilled: success', () => {
      const state = accountReducer(accountReducer(undefined, pending()), fulfilled());
      expect(state[name]).toEqual({ loading: false, success: true, error: null });
    });

    it('rejected: success false, error set', () => {
      let state = accountReducer(undefined, fulfilled());
      state = accountReducer(accountReducer(state, pending()), action.rejected('Nope'));
      expect(state[name]).toEqual({ loading: false, success: false, error: 'Nope' });
    });

    it('can be cleared back to idle', () => {
      const state = accountReducer(accountReducer(undefined, action.rejected('x')), actions.actionStatusCleared(name));
      expect(state[name]).toEqual({ loading: false, success: false, error: null });
    });
  });

  it('user info: loading, then the user or the error', () => {
    let state = accountReducer(undefined, actions.userInfo.pending());
    expect(state).toMatchObject({ loading: true, error: null });
    state = accountReducer(state, actions.userInfo.fulfilled(sampleUser()));
    expect(state).toMatchObject({ loading: false, user: { username: 'ada' } });
    state = accountReducer(
      accountReducer(state, actions.userInfo.pending()),
      actions.userInfo.rejected('Failed to fetch user information'),
    );
    expect(state).toMatchObject({ loading: false, error: 'Failed to fetch user information', user: { username: 'ada' } });
  });

  it('balance keeps its data as balanceData', () => {
    const data = { balance: 42, currency: 'coins', updated_at: '2026-01-01T00:00:00Z' };
    expect(accountReducer(undefined, actions.balance.fulfilled(data)).balanceData).toEqual(data);
  });

  it('saveProfile: idle → loading → succeeded | failed, reset returns to idle and clears the error', () => {
    let state = accountReducer(undefined, actions.saveProfile.pending({ city: 'Paris' }));
    expect(state.saveProfile).toEqual({ status: 'loading', error: null });
    expect(accountReducer(state, actions.saveProfile.fulfilled()).saveProfile).toEqual({ status: 'succeeded', error: null });
    state = accountReducer(state, actions.saveProfile.rejected('Failed to save profile'));
    expect(state.saveProfile).toEqual({ status: 'failed', error: 'Failed to save profile' });
    expect(accountReducer(state, actions.saveProfileReset()).saveProfile).toEqual({ status: 'idle', error: null });
  });

  it('a session that ends (or ends in another tab) forgets the player', () => {
    const signedIn = accountReducer(undefined, actions.userInfo.fulfilled(sampleUser()));
    expect(accountReducer(signedIn, actions.sessionEnded({ reason: 'logout' }))).toEqual(initialAccountState());
    expect(accountReducer(signedIn, actions.sessionSynced({ signedIn: false }))).toEqual(initialAccountState());
    expect(accountReducer(signedIn, actions.sessionSynced({ signedIn: true })).user).not.toBeNull();
  });
});

describe('modal reducer (SPEC §4)', () => {
  it('opens one kind with optional props; closing clears both', () => {
    let state = modalReducer(undefined, modalOpened({ kind: MODAL_KINDS.verifyEmail, props: { email: 'a@b.co' } }));
    expect(state).toEqual({ kind: 'VERIFY_EMAIL', props: { email: 'a@b.co' } });
    state = modalReducer(state, modalOpened({ kind: MODAL_KINDS.signIn }));
    expect(state).toEqual({ kind: 'sign_in', props: {} });
    expect(modalReducer(state, modalClosed())).toEqual({ kind: null, props: {} });
  });
});

describe('session reducer (SPEC §4)', () => {
  it('follows sign-in, logout and other tabs', () => {
    const reducer = createSessionReducer(false);
    expect(reducer(undefined, { type: '@@init' })).toEqual({ signedIn: false });
    expect(reducer({ signedIn: false }, actions.sessionStarted())).toEqual({ signedIn: true });
    expect(reducer({ signedIn: true }, actions.sessionEnded({ reason: 'expired' }))).toEqual({ signedIn: false });
    expect(reducer({ signedIn: false }, actions.sessionSynced({ signedIn: true }))).toEqual({ signedIn: true });
    expect(createSessionReducer(true)(undefined, { type: '@@init' })).toEqual({ signedIn: true });
  });
});
