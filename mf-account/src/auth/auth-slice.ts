import { createReducer } from '@reduxjs/toolkit';
import { sessionEnded, sessionSynced } from '../session';
import { actionStatusCleared, addStatusCases, idleStatus, type ActionStatus } from '../store/async-action';
import { activation, forgotPassword, resendVerification, resetPassword, signup, verifyEmail } from './auth-actions';

/** The product §3 flags of the auth dialogs' actions (the sign-in's are the session's). */
const AUTH_ACTIONS = { signup, verifyEmail, resendVerification, forgotPassword, resetPassword, activation };
export type AuthFlag = keyof typeof AUTH_ACTIONS;
export const AUTH_FLAGS = Object.keys(AUTH_ACTIONS) as AuthFlag[];
export type AuthState = Record<AuthFlag, ActionStatus>;

export const initialAuthState = (): AuthState => Object.fromEntries(AUTH_FLAGS.map((name) => [name, idleStatus()])) as AuthState;

const isAuthFlag = (name: string): name is AuthFlag => name in AUTH_ACTIONS;

export const authReducer = createReducer(initialAuthState, (builder) => {
  builder
    .addCase(actionStatusCleared, (state, { payload }) => {
      if (isAuthFlag(payload)) state[payload] = idleStatus();
    })
    // A finished session leaves nothing of the player behind.
    .addCase(sessionEnded, () => initialAuthState())
    .addCase(sessionSynced, (state, { payload }) => (payload.signedIn ? state : initialAuthState()));
  for (const name of AUTH_FLAGS) addStatusCases(builder, name, AUTH_ACTIONS[name]);
});
