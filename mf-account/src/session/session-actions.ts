import { createAction } from '@reduxjs/toolkit';
import type { LoginRequest } from 'shared-contracts/account';
import { createAsyncAction } from '../store/async-action';

export type SessionEndReason = 'logout' | 'expired' | 'rejected';

/**
 * Sign-in starts a session: fulfilled once the tokens are stored. The auth feature runs it (its
 * dialog, flags and saga); the modal and profile slices and the session watchers answer it.
 */
export const signin = createAsyncAction<LoginRequest>('session/signin');
/** The session ended in this tab (logout, expiry, rejected token). */
export const sessionEnded = createAction<{ reason: SessionEndReason }>('session/ended');
/** Another tab signed in or out (storage event). */
export const sessionSynced = createAction<{ signedIn: boolean }>('session/synced');
/** Another tab signed in, or in as another player: whoever shows the player loads them again. */
export const playerChanged = createAction('session/playerChanged');
export const logoutRequested = createAction('session/logoutRequested');
/** An authenticated call was answered 401/403 (the API client's interceptor). */
export const sessionRejected = createAction<{ status: number }>('session/rejected');
/** The access token was renewed with the refresh token (this tab or another). */
export const sessionRenewed = createAction('session/renewed');
