import { createAction } from '@reduxjs/toolkit';

export type SessionEndReason = 'logout' | 'expired' | 'rejected';

/** The session ended in this tab (logout, expiry, rejected token). */
export const sessionEnded = createAction<{ reason: SessionEndReason }>('session/ended');
/** Another tab signed in or out (storage event). */
export const sessionSynced = createAction<{ signedIn: boolean }>('session/synced');
export const logoutRequested = createAction('session/logoutRequested');
/** An authenticated call was answered 401/403 (the API client's interceptor). */
export const sessionRejected = createAction<{ status: number }>('session/rejected');
/** The access token was renewed with the refresh token (this tab or another). */
export const sessionRenewed = createAction('session/renewed');
