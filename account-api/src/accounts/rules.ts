import {
  isValidEmail,
  passwordMeetsCriteria,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  VALIDATION_MESSAGES,
} from 'shared-contracts/account';
import type { FieldSpec, Rule } from '../http/input';
import { BREACHED_PASSWORD_MESSAGE, isBreachedPassword } from '../security/breached-passwords';

/** Field rules of product §5, enforced again on the server: the client is not the only caller. */

export const emailRule: Rule = (value) => (isValidEmail(value) ? null : VALIDATION_MESSAGES.invalidEmail);

export const PASSWORD_RULE_MESSAGE =
  `Password must be at least ${PASSWORD_MIN_LENGTH} characters and include an uppercase letter, ` +
  `a lowercase letter, a digit and a special character (${PASSWORD_SPECIAL_CHARACTERS})`;

export const passwordRule: Rule = (value) => (passwordMeetsCriteria(value) ? null : PASSWORD_RULE_MESSAGE);

/** A new password must not be one attackers try first (sign-up, reset, change). */
export const notBreachedRule: Rule = (value) => (isBreachedPassword(value) ? BREACHED_PASSWORD_MESSAGE : null);

/** No '@', so the "Email / User ID" login field can tell a username from an address. */
export const usernameRule: Rule = (value) =>
  /^[A-Za-z0-9_.-]{3,30}$/.test(value) ? null : 'Username must be 3-30 letters, digits, dots, dashes or underscores';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const plainTextRule: Rule = (value) => (CONTROL_CHARACTERS.test(value) ? 'must not contain control characters' : null);

export const FIELD_SPECS = {
  email: { required: true, maxLength: 254, rules: [emailRule] },
  /** Typed, not chosen: checked only for presence and size (the hash does not care). */
  existingPassword: { required: true, raw: true, maxLength: 256 },
  newPassword: { required: true, raw: true, maxLength: 128, rules: [passwordRule, notBreachedRule] },
  code: { required: true, maxLength: 64 },
} satisfies Record<string, FieldSpec>;
