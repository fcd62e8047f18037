import { createAction } from '@reduxjs/toolkit';
import type { LoginRequest } from '@portal/shared-contracts/account';
import { createAsyncAction } from '../store/async-action';

export type SessionEndReason = 'logout' | 'expired' | 'rejected';

/**
 * Sign-in starts a session: fulfilled once the tokens are stored. The session runs it (its saga
 * and flags, beside it here); the auth feature's dialog asks for it, and the modal and profile
 * slices answer it.
 */
export const signin = createAsyncAction<LoginRequest>('session/signin');
/**
 * The sign-in was refused because the account's email is not verified (product §8). `email` when
 * the player signed in with one: the auth feature sends it a fresh code and opens the verify dialog.
 */
export const signinUnverified = createAction<{ email?: string }>('session/signinUnverified');
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
