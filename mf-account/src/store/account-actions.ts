import { createAction } from '@reduxjs/toolkit';
import type {
  BalanceResponse,
  EmailRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SavePictureQuery,
  SaveProfileQuery,
  UpdatePasswordQuery,
  UploadResponse,
  UserRecord,
  VerifyEmailRequest,
} from 'shared-contracts';
import { createAsyncAction } from './async-action';

/** The account actions of SPEC §3/§4, each pending → fulfilled | rejected. */
export const userInfo = createAsyncAction<void, UserRecord>('account/userInfo');
export const upload = createAsyncAction<File, UploadResponse>('account/upload');
export const signup = createAsyncAction<RegisterRequest>('account/signup');
export const signin = createAsyncAction<LoginRequest>('account/signin');
export const updatePassword = createAsyncAction<UpdatePasswordQuery, string>('account/updatePassword');
export const resetPassword = createAsyncAction<ResetPasswordRequest>('account/resetPassword');
export const forgotPassword = createAsyncAction<EmailRequest>('account/forgotPassword');
export const activation = createAsyncAction<{ token: string }>('account/activation');
export const balance = createAsyncAction<void, BalanceResponse>('account/balance');
export const verifyEmail = createAsyncAction<VerifyEmailRequest>('account/verifyEmail');
export const resendVerification = createAsyncAction<EmailRequest>('account/resendVerification');
export const savePicture = createAsyncAction<SavePictureQuery>('account/savePicture');
export const saveProfile = createAsyncAction<SaveProfileQuery>('account/saveProfile');
/** SPEC §4: returns the profile save to idle and clears its error. */
export const saveProfileReset = createAction('account/saveProfile/reset');
/** Clears one action's flags, e.g. when its dialog closes. */
export const actionStatusCleared = createAction<TrackedAction>('account/statusCleared');

/** The actions that keep loading / success / error flags. */
export const TRACKED_ACTIONS = [
  'upload',
  'signup',
  'signin',
  'updatePassword',
  'resetPassword',
  'forgotPassword',
  'activation',
  'balance',
  'verifyEmail',
  'resendVerification',
  'savePicture',
] as const;
export type TrackedAction = (typeof TRACKED_ACTIONS)[number];

/** Session transitions (SPEC §4). */
export const sessionStarted = createAction('session/started');
/** The session ended here (logout, expiry, rejected token). */
export const sessionEnded = createAction<{ reason: SessionEndReason }>('session/ended');
/** Another tab signed in or out (storage event). */
export const sessionSynced = createAction<{ signedIn: boolean }>('session/synced');
export const logoutRequested = createAction('session/logoutRequested');
/** Re-check the stored token's expiry (on load, on a timer, on tab focus). */
export const sessionCheckRequested = createAction('session/checkRequested');
/** An authenticated call was answered 401/403 (interceptor). */
export const sessionRejected = createAction<{ status: number }>('session/rejected');

export type SessionEndReason = 'logout' | 'expired' | 'rejected';
