import { createReducer } from '@reduxjs/toolkit';
import { signin } from '../auth/auth-actions';
import { sessionEnded, sessionSynced } from './session-actions';

/**
 * product §4: signed in means a token is stored. This flag is what components render from; the
 * token itself stays in the token store (set before `signin.fulfilled` is dispatched).
 */
export interface SessionState {
  signedIn: boolean;
}

export const initialSessionState = (): SessionState => ({ signedIn: false });

export const sessionReducer = createReducer(initialSessionState, (builder) => {
  builder
    .addCase(signin.fulfilled, () => ({ signedIn: true }))
    .addCase(sessionEnded, () => ({ signedIn: false }))
    .addCase(sessionSynced, (_state, { payload }) => ({ signedIn: payload.signedIn }));
});
