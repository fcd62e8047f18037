import { createReducer } from '@reduxjs/toolkit';
import { sessionEnded, sessionStarted, sessionSynced } from './account-actions';

/** SPEC §4: signed in means a token is stored; this mirrors it for rendering. */
export interface SessionState {
  signedIn: boolean;
}

export const createSessionReducer = (signedIn: boolean) =>
  createReducer<SessionState>({ signedIn }, (builder) => {
    builder
      .addCase(sessionStarted, () => ({ signedIn: true }))
      .addCase(sessionEnded, () => ({ signedIn: false }))
      .addCase(sessionSynced, (_state, { payload }) => ({ signedIn: payload.signedIn }));
  });
