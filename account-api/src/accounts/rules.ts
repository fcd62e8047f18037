import {
  isValidEmail,
  passwordMeetsCriteria,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  VALIDATION_MESSAGES,
} from '@portal/shared-contracts/account';
import type { Check } from '../http/validation';
import { textField } from '../http/text-field';
import { BREACHED_PASSWORD_MESSAGE, isBreachedPassword } from '../security/breached-passwords';
import { dateOfBirthRule } from './profile-fields';

/** Field rules of product §5, enforced again on the server: the client is not the only caller. */

export const PASSWORD_RULE_MESSAGE =
  `Password must be at least ${PASSWORD_MIN_LENGTH} characters and include an uppercase letter, ` +
  `a lowercase letter, a digit and a special character (${PASSWORD_SPECIAL_CHARACTERS})`;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The named checks the account schemas use (`x-checks`); the date of birth is judged against `today`. */
export function accountChecks(today: () => Date) {
  return {
    email: (value) => (isValidEmail(value) ? null : VALIDATION_MESSAGES.invalidEmail),
    'password-rules': (value) => (passwordMeetsCriteria(value) ? null : PASSWORD_RULE_MESSAGE),
    /** A new password must not be one attackers try first (sign-up, reset, change). */
    'not-breached': (value) => (isBreachedPassword(value) ? BREACHED_PASSWORD_MESSAGE : null),
    'plain-text': (value) => (CONTROL_CHARACTERS.test(value) ? 'must not contain control characters' : null),
    'date-of-birth': dateOfBirthRule(today),
  } satisfies Record<string, Check>;
}

export type AccountCheck = keyof ReturnType<typeof accountChecks>;

export const accountText = textField<AccountCheck>;

export const FIELDS = {
  email: accountText({ notBlank: true, maxLength: 254, checks: ['email'] }),
  /** Typed, not chosen: checked only for presence and size (the hash does not care). */
  existingPassword: accountText({ notBlank: true, raw: true, maxLength: 256 }),
  newPassword: accountText({ notBlank: true, raw: true, maxLength: 128, checks: ['password-rules', 'not-breached'] }),
  code: accountText({ notBlank: true, maxLength: 64 }),
  /** No '@', so the "Email / User ID" login field can tell a username from an address. */
  username: accountText({
    notBlank: true,
    maxLength: 30,
    pattern: { regex: /^[A-Za-z0-9_.-]{3,30}$/, message: 'Username must be 3-30 letters, digits, dots, dashes or underscores' },
  }),
  personName: accountText({ notBlank: true, maxLength: 50, checks: ['plain-text'] }),
  captchaToken: accountText({ maxLength: 4096 }),
};
