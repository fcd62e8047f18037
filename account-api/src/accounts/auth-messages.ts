import { EMAIL_NOT_VERIFIED, SUCCESS_TOASTS } from '@portal/shared-contracts/account';
import { HttpError } from '../http/errors';

const HOUR = 60 * 60 * 1000;
export const VERIFICATION_TTL_MS = 24 * HOUR;
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
/** Reset codes open the account, so they are long: see decision 0036 §3 for the odds. */
export const RESET_CODE_DIGITS = 12;

export const MESSAGES = {
  registered: 'Signup successful! Check your email for the verification code.',
  emailTaken: 'Email already registered',
  usernameTaken: 'Username already taken',
  badCredentials: 'Incorrect username or password',
  notVerified: `${EMAIL_NOT_VERIFIED}. Enter the code we emailed you to activate your account.`,
  captchaFailed: 'CAPTCHA verification failed. Please try again.',
  emailVerified: SUCCESS_TOASTS.emailVerified,
  verificationResent: 'If this address belongs to an account awaiting verification, a new code has been sent.',
  resetCodeSent: 'If an account exists for this address, a password reset code has been sent.',
  passwordReset: SUCCESS_TOASTS.passwordReset,
  userActivated: SUCCESS_TOASTS.userActivated,
  badActivationLink: 'This activation link is invalid or has expired.',
  badRefreshToken: 'Invalid or expired refresh token',
  loggedOut: 'Logged out.',
} as const;

/**
 * What every failed code check tells the player: wrong, expired, used up, or an address with no
 * account or no code all read the same (same status, same words), so the answer does not tell
 * a real account from an unknown address.
 */
export const codeRefused = (kind: 'verification' | 'reset'): string =>
  `This ${kind} code is wrong or no longer valid. Check it, or request a new one.`;
export const codeProblem = (kind: 'verification' | 'reset'): HttpError => new HttpError(400, codeRefused(kind));
