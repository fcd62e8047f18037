/**
 * The account API of product §7. The prefix of the slash-less paths was left open;
 * this project serves them under one documented prefix, ACCOUNT_API_PREFIX.
 */
export const ACCOUNT_API_PREFIX = '/api';

export const API_PATHS = {
  userInfo: '/get-user-info/',
  upload: `${ACCOUNT_API_PREFIX}/upload`,
  saveProfile: `${ACCOUNT_API_PREFIX}/save_profile`,
  savePicture: `${ACCOUNT_API_PREFIX}/save_picture`,
  register: '/register/',
  verifyCaptcha: `${ACCOUNT_API_PREFIX}/verify-captcha`,
  login: '/login/',
  updatePassword: `${ACCOUNT_API_PREFIX}/update-password`,
  resetPassword: '/reset-password/',
  forgotPassword: '/forgot-password/',
  activateUser: `${ACCOUNT_API_PREFIX}/activate-user`,
  balance: `${ACCOUNT_API_PREFIX}/balance`,
  /** Beyond the original call list: trades a refresh_token for a new token pair. */
  refreshToken: `${ACCOUNT_API_PREFIX}/refresh-token`,
  /** Beyond the original call list: revokes the session (refresh-token family) of the refresh_token in the JSON body. */
  logout: `${ACCOUNT_API_PREFIX}/logout`,
  /** Not in the product description (decision 0025): the player library; GET reads, POST merges, PUT replaces. */
  library: `${ACCOUNT_API_PREFIX}/library`,
  verifyEmail: '/verify-email/',
  resendVerification: '/resend-verification-email/',
  /** Where uploaded pictures are served back from: `${uploads}/${name}`. */
  uploads: '/uploads',
  /** Liveness (the process answers); /health is the same answer, kept for scripts that wait on it. */
  health: '/health',
  livez: '/livez',
  /** Readiness: the database commits a write, Redis answers (cached for a few seconds). */
  readyz: '/readyz',
  devOutbox: '/__dev/outbox',
} as const;

// ---- Error shape (product §8) ----
export interface ValidationErrorItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}
export interface ApiErrorBody {
  detail: string | ValidationErrorItem[];
}

/** product §8: a string detail as is, a list joined by commas from msg, else the fallback. */
export function errorDetailMessage(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return fallback;
  const detail = body.detail;
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  if (Array.isArray(detail)) {
    const msgs = detail
      .map((item: unknown) => (typeof item === 'object' && item !== null && 'msg' in item ? item.msg : undefined))
      .filter((msg): msg is string => typeof msg === 'string' && msg !== '');
    if (msgs.length > 0) return msgs.join(', ');
  }
  return fallback;
}

// ---- Requests (form-encoded unless noted) ----
export interface RegisterRequest {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** reCAPTCHA token; verified server-side only when the server has a secret. */
  captcha_token?: string;
}
/** JSON body. `username` may be the email or the username. */
export interface LoginRequest {
  username: string;
  password: string;
  captcha_token?: string;
}
export interface VerifyEmailRequest {
  email: string;
  verification_code: string;
}
export interface EmailRequest {
  email: string;
}
export interface ResetPasswordRequest {
  email: string;
  reset_code: string;
  new_password: string;
}
/** Query parameters. */
export interface UpdatePasswordQuery {
  old_password: string;
  new_password: string;
}
export interface SavePictureQuery {
  /** The `name` an upload returned; the picture is shown from `${accountApiUrl}${API_PATHS.uploads}/${name}`. */
  picture_url: string;
}
export interface ActivateUserQuery {
  token: string;
}

/** JSON body of refresh-token and logout (decision 0007: one session = one refresh-token family). */
export interface RefreshTokenRequest {
  refresh_token: string;
}
export type LogoutRequest = RefreshTokenRequest;

// ---- Responses ----
export interface MessageResponse {
  message: string;
}
export interface DetailResponse {
  detail: string;
}
export interface LoginResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
}
/** update-password retires earlier sessions, so it answers with a fresh token pair. */
export interface UpdatePasswordResponse extends DetailResponse, LoginResponse {}
export interface UploadResponse {
  /** Stored file name; the picture is served at `${API_PATHS.uploads}/${name}`. */
  name: string;
}
export interface BalanceResponse {
  /** Whole coins the player holds. */
  balance: number;
  currency: string;
  updated_at: string;
}

/** product §3 profile fields; all optional strings, dob as YYYY-MM-DD. */
export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'picture_url',
  'dob',
  'gender',
  'phone',
  'country',
  'state',
  'city',
  'postal_code',
  'street_address_1',
  'street_address_2',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileFields = { [K in ProfileField]: string | null };
/** Query parameters of save_profile: any subset of the fields except the picture. */
export type SaveProfileQuery = Partial<Record<Exclude<ProfileField, 'picture_url'>, string>>;

export interface UserRecord extends ProfileFields {
  id: number;
  username: string;
  email: string;
  email_verified: boolean;
  created_at: string;
}

/**
 * A dev-outbox entry (architecture.md §6): `{to, subject, text, code}`, plus the row's delivery
 * state in the API's mail outbox (added fields; the first four never change).
 */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  code: string | null;
  id?: number;
  kind?: 'verification' | 'password_reset' | 'password_changed';
  html?: string;
  /** pending: waiting for a (further) try; sent: delivered; dead: given up after the stated tries. */
  status?: 'pending' | 'sent' | 'dead';
  attempts?: number;
  last_error?: string | null;
  /** 'smtp' or 'dev-outbox', once sent. */
  delivered_via?: string | null;
  created_at?: string;
  sent_at?: string | null;
}

/**
 * Body of POST (merge) and PUT (replace) `/api/library`, and the answer of all three calls:
 * the player library (shared-contracts `PlayerLibrary`), JSON.
 */
export type { PlayerLibrary as LibraryPayload } from '../library/library';
