import { createReducer } from '@reduxjs/toolkit';
import { actionStatusCleared, addStatusCases, idleStatus, type ActionStatus } from '../store/async-action';
import { sessionEnded, sessionSynced, signin } from './session-actions';

/** The product §3 flags of the session's one request, the sign-in. */
export interface SessionState {
  signin: ActionStatus;
}

export const initialSessionState = (): SessionState => ({ signin: idleStatus() });

export const sessionReducer = createReducer(initialSessionState, (builder) => {
  builder
    .addCase(actionStatusCleared, (state, { payload }) => {
      if (payload === 'signin') state.signin = idleStatus();
    })
    // A finished session leaves nothing of the player behind.
    .addCase(sessionEnded, () => initialSessionState())
    .addCase(sessionSynced, (state, { payload }) => (payload.signedIn ? state : initialSessionState()));
  addStatusCases(builder, 'signin', signin);
});
