import { createReducer } from '@reduxjs/toolkit';
import type { BalanceResponse, UserRecord } from 'shared-contracts';
import * as actions from './account-actions';
import { TRACKED_ACTIONS, type TrackedAction } from './account-actions';
import {
  fulfilledStatus,
  type AsyncActionMatchers,
  idleStatus,
  pendingStatus,
  rejectedStatus,
  type ActionStatus,
} from './async-action';

export type SaveProfileStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** SPEC §3 "Account state". `loading` and `error` belong to the user-info call. */
export interface AccountState extends Record<TrackedAction, ActionStatus> {
  user: UserRecord | null;
  loading: boolean;
  error: string | null;
  balanceData: BalanceResponse | null;
  saveProfile: { status: SaveProfileStatus; error: string | null };
}

export function initialAccountState(): AccountState {
  const flags = Object.fromEntries(TRACKED_ACTIONS.map((name) => [name, idleStatus()])) as Record<TrackedAction, ActionStatus>;
  return { ...flags, user: null, loading: false, error: null, balanceData: null, saveProfile: { status: 'idle', error: null } };
}

const trackedAsyncActions: Record<TrackedAction, AsyncActionMatchers> = {
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

export const accountReducer = createReducer(initialAccountState, (builder) => {
  builder
    .addCase(actions.userInfo.pending, (state) => {
      state.loading = true;
      state.error = null;
    })
    .addCase(actions.userInfo.fulfilled, (state, { payload }) => {
      state.loading = false;
      state.user = payload;
    })
    .addCase(actions.userInfo.rejected, (state, { payload }) => {
      state.loading = false;
      state.error = payload;
    })
    .addCase(actions.balance.fulfilled, (state, { payload }) => {
      state.balanceData = payload;
    })
    .addCase(actions.saveProfile.pending, (state) => {
      state.saveProfile = { status: 'loading', error: null };
    })
    .addCase(actions.saveProfile.fulfilled, (state) => {
      state.saveProfile = { status: 'succeeded', error: null };
    })
    .addCase(actions.saveProfile.rejected, (state, { payload }) => {
      state.saveProfile = { status: 'failed', error: payload };
    })
    .addCase(actions.saveProfileReset, (state) => {
      state.saveProfile = { status: 'idle', error: null };
    })
    .addCase(actions.actionStatusCleared, (state, { payload }) => {
      state[payload] = idleStatus();
    })
    // A finished session leaves nothing of the player behind.
    .addCase(actions.sessionEnded, () => initialAccountState())
    .addCase(actions.sessionSynced, (state, { payload }) => (payload.signedIn ? state : initialAccountState()));

  // The shared pending → fulfilled | rejected transitions of every tracked action.
  for (const name of TRACKED_ACTIONS) {
    const action = trackedAsyncActions[name];
    builder
      .addMatcher(action.pending.match, (state) => {
        state[name] = pendingStatus();
      })
      .addMatcher(action.fulfilled.match, (state) => {
        state[name] = fulfilledStatus();
      })
      .addMatcher(action.rejected.match, (state, { payload }) => {
        state[name] = rejectedStatus(payload);
      });
  }
});
