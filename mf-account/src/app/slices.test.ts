import { MODAL_KINDS } from '@portal/shared-contracts/account';
import * as auth from '../auth/auth-actions';
import { modalClosed, modalOpened } from '../auth/modal-slice';
import * as profile from '../profile/profile-actions';
import * as session from '../session/session-actions';
import { sampleUser } from '../testing/fakes';
import { actionStatusCleared } from '../store/async-action';
import { rootReducer, type AccountRootState } from './root-reducer';

/** product §3: every action that keeps loading / success / error flags, and where its flags live. */
const TRACKED = {
  upload: ['profile', profile.upload],
  signup: ['auth', auth.signup],
  signin: ['session', session.signin],
  updatePassword: ['profile', profile.updatePassword],
  resetPassword: ['auth', auth.resetPassword],
  forgotPassword: ['auth', auth.forgotPassword],
  activation: ['auth', auth.activation],
  balance: ['profile', profile.balance],
  verifyEmail: ['auth', auth.verifyEmail],
  resendVerification: ['auth', auth.resendVerification],
  savePicture: ['profile', profile.savePicture],
} as const;
type Tracked = keyof typeof TRACKED;
const NAMES = Object.keys(TRACKED) as Tracked[];

const reduce = (...actions: { type: string }[]): AccountRootState =>
  actions.reduce<AccountRootState>((state, action) => rootReducer(state, action), rootReducer(undefined, { type: '@@init' }));
const flags = (state: AccountRootState, name: Tracked) => {
  const [slice] = TRACKED[name];
  return (state[slice] as unknown as Record<Tracked, unknown>)[name];
};

describe('account state (product §3/§4)', () => {
  it('starts with every flag idle, no user, saveProfile idle, signed out, no modal', () => {
    const state = reduce();
    expect(state.profile.user).toBeNull();
    expect(state.profile.loading).toBe(false);
    expect(state.profile.error).toBeNull();
    expect(state.profile.balanceData).toBeNull();
    expect(state.profile.saveProfile).toEqual({ status: 'idle', error: null });
    expect(state.modal).toEqual({ kind: null, props: {} });
    for (const name of NAMES) expect(flags(state, name)).toEqual({ loading: false, success: false, error: null });
  });

  describe.each(NAMES)('%s', (name) => {
    const action = TRACKED[name][1];
    // The request payload does not matter to the flags.
    const pending = () => (action.pending as (payload?: unknown) => { type: string })(undefined);
    const fulfilled = () =>
      (action.fulfilled as (payload?: unknown) => { type: string })(name === 'upload' ? { name: 'x' } : undefined);

    it('pending: loading, previous success and error cleared', () => {
      expect(flags(reduce(action.rejected('old error'), pending()), name)).toEqual({
        loading: true,
        success: false,
        error: null,
      });
    });

    it('fulfilled: success', () => {
      expect(flags(reduce(pending(), fulfilled()), name)).toEqual({ loading: false, success: true, error: null });
    });

    it('rejected: success false, error set', () => {
      expect(flags(reduce(fulfilled(), pending(), action.rejected('Nope')), name)).toEqual({
        loading: false,
        success: false,
        error: 'Nope',
      });
    });

    it('can be cleared back to idle', () => {
      expect(flags(reduce(action.rejected('x'), actionStatusCleared(name)), name)).toEqual({
        loading: false,
        success: false,
        error: null,
      });
    });
  });

  it('user info: loading, then the user or the error', () => {
    let state = reduce(profile.userInfo.pending());
    expect(state.profile).toMatchObject({ loading: true, error: null });
    state = rootReducer(state, profile.userInfo.fulfilled(sampleUser()));
    expect(state.profile).toMatchObject({ loading: false, user: { username: 'ada' } });
    state = rootReducer(
      rootReducer(state, profile.userInfo.pending()),
      profile.userInfo.rejected('Failed to fetch user information'),
    );
    expect(state.profile).toMatchObject({ loading: false, error: 'Failed to fetch user information', user: { username: 'ada' } });
  });

  it('balance keeps its data as balanceData', () => {
    const data = { balance: 42, currency: 'coins', updated_at: '2026-01-01T00:00:00Z' };
    expect(reduce(profile.balance.fulfilled(data)).profile.balanceData).toEqual(data);
  });

  it('saveProfile: idle → loading → succeeded | failed, reset returns to idle and clears the error', () => {
    let state = reduce(profile.saveProfile.pending({ city: 'Paris' }));
    expect(state.profile.saveProfile).toEqual({ status: 'loading', error: null });
    expect(rootReducer(state, profile.saveProfile.fulfilled()).profile.saveProfile).toEqual({ status: 'succeeded', error: null });
    state = rootReducer(state, profile.saveProfile.rejected('Failed to save profile'));
    expect(state.profile.saveProfile).toEqual({ status: 'failed', error: 'Failed to save profile' });
    expect(rootReducer(state, profile.saveProfileReset()).profile.saveProfile).toEqual({ status: 'idle', error: null });
  });

  it('one signin.fulfilled: the modal closed, the player loading, the flag succeeded', () => {
    const state = reduce(
      modalOpened({ kind: MODAL_KINDS.signIn }),
      session.signin.pending({ username: 'a', password: 'b' }),
      session.signin.fulfilled(),
    );
    expect(state.modal).toEqual({ kind: null, props: {} });
    expect(state.profile.loading).toBe(true);
    expect(state.session.signin).toEqual({ loading: false, success: true, error: null });
  });

  it('a sign-in in another tab (or as another player) loads the player again', () => {
    const state = reduce(profile.userInfo.fulfilled(sampleUser()), session.playerChanged());
    expect(state.profile).toMatchObject({ loading: true, error: null });
  });

  it('a session that ends (or ends in another tab) forgets the player', () => {
    const signedIn = reduce(session.signin.fulfilled(), profile.userInfo.fulfilled(sampleUser()), auth.signup.rejected('x'));
    const initial = reduce();
    for (const ended of [session.sessionEnded({ reason: 'logout' }), session.sessionSynced({ signedIn: false })]) {
      const state = rootReducer(signedIn, ended);
      expect(state.profile).toEqual(initial.profile);
      expect(state.auth).toEqual(initial.auth);
      expect(state.session).toEqual(initial.session);
    }
    expect(rootReducer(signedIn, session.sessionSynced({ signedIn: true })).profile.user).not.toBeNull();
  });
});

describe('modal (product §4)', () => {
  it('opens one kind with optional props; closing clears both', () => {
    let state = reduce(modalOpened({ kind: MODAL_KINDS.verifyEmail, props: { email: 'a@b.co' } })).modal;
    expect(state).toEqual({ kind: 'VERIFY_EMAIL', props: { email: 'a@b.co' } });
    state = reduce(modalOpened({ kind: MODAL_KINDS.signIn })).modal;
    expect(state).toEqual({ kind: 'sign_in', props: {} });
    expect(reduce(modalOpened({ kind: MODAL_KINDS.signIn }), modalClosed()).modal).toEqual({ kind: null, props: {} });
  });
});
