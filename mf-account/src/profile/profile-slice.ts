import { createReducer, isAnyOf } from '@reduxjs/toolkit';
import type { BalanceResponse, UserRecord } from '@portal/shared-contracts/account';
import { playerChanged, sessionEnded, sessionSynced, signin } from '../session';
import { actionStatusCleared, addStatusCases, idleStatus, type ActionStatus } from '../store/async-action';
import { balance, savePicture, saveProfile, saveProfileReset, updatePassword, upload, userInfo } from './profile-actions';

/** The product §3 flags of the profile's actions. */
const PROFILE_ACTIONS = { upload, savePicture, updatePassword, balance };
export type ProfileFlag = keyof typeof PROFILE_ACTIONS;
export const PROFILE_FLAGS = Object.keys(PROFILE_ACTIONS) as ProfileFlag[];

export type SaveProfileStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** product §3 "Account state": `loading` and `error` belong to the user-info call. */
export interface ProfileState extends Record<ProfileFlag, ActionStatus> {
  user: UserRecord | null;
  loading: boolean;
  error: string | null;
  balanceData: BalanceResponse | null;
  saveProfile: { status: SaveProfileStatus; error: string | null };
}

export function initialProfileState(): ProfileState {
  const flags = Object.fromEntries(PROFILE_FLAGS.map((name) => [name, idleStatus()])) as Record<ProfileFlag, ActionStatus>;
  return { ...flags, user: null, loading: false, error: null, balanceData: null, saveProfile: { status: 'idle', error: null } };
}

const isProfileFlag = (name: string): name is ProfileFlag => name in PROFILE_ACTIONS;

export const profileReducer = createReducer(initialProfileState, (builder) => {
  builder
    .addCase(actionStatusCleared, (state, { payload }) => {
      if (isProfileFlag(payload)) state[payload] = idleStatus();
    })
    .addCase(userInfo.fulfilled, (state, { payload }) => {
      state.loading = false;
      state.user = payload;
    })
    .addCase(userInfo.rejected, (state, { payload }) => {
      state.loading = false;
      state.error = payload;
    })
    .addCase(balance.fulfilled, (state, { payload }) => {
      state.balanceData = payload;
    })
    .addCase(saveProfile.pending, (state) => {
      state.saveProfile = { status: 'loading', error: null };
    })
    .addCase(saveProfile.fulfilled, (state) => {
      state.saveProfile = { status: 'succeeded', error: null };
    })
    .addCase(saveProfile.rejected, (state, { payload }) => {
      state.saveProfile = { status: 'failed', error: payload };
    })
    .addCase(saveProfileReset, (state) => {
      state.saveProfile = { status: 'idle', error: null };
    })
    .addCase(sessionEnded, () => initialProfileState())
    .addCase(sessionSynced, (state, { payload }) => (payload.signedIn ? state : initialProfileState()))
    // A sign-in here or in another tab loads the player (the user-info saga answers the same actions).
    .addMatcher(isAnyOf(userInfo.pending, signin.fulfilled, playerChanged), (state) => {
      state.loading = true;
      state.error = null;
    });
  for (const name of PROFILE_FLAGS) addStatusCases(builder, name, PROFILE_ACTIONS[name]);
});
