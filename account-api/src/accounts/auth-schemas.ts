import { Type } from 'typebox';
import { accountText, FIELDS } from './rules';

/** Request schemas of the sign-up, sign-in, session and code routes (product §7), in reading order. */

export const REGISTER_BODY = Type.Object({
  username: FIELDS.username,
  email: FIELDS.email,
  firstName: FIELDS.personName,
  lastName: FIELDS.personName,
  password: FIELDS.newPassword,
  captcha_token: Type.Optional(FIELDS.captchaToken),
});

export const LOGIN_BODY = Type.Object({
  /** A username or an email address. */
  username: accountText({ notBlank: true, maxLength: 254 }),
  password: FIELDS.existingPassword,
  captcha_token: Type.Optional(FIELDS.captchaToken),
});

export const REFRESH_TOKEN_BODY = Type.Object({
  refresh_token: accountText({ notBlank: true, maxLength: 4096 }),
});

export const VERIFY_EMAIL_BODY = Type.Object({
  email: FIELDS.email,
  verification_code: FIELDS.code,
});

export const EMAIL_BODY = Type.Object({ email: FIELDS.email });

export const RESET_PASSWORD_BODY = Type.Object({
  email: FIELDS.email,
  reset_code: FIELDS.code,
  new_password: FIELDS.newPassword,
});

export const ACTIVATION_QUERY = Type.Object({ token: accountText({ notBlank: true, maxLength: 256 }) });

export const CAPTCHA_QUERY = Type.Object({ token: accountText({ notBlank: true, maxLength: 4096 }) });
