import { VALIDATION_MESSAGES } from './messages';

/** Special characters product §5 accepts for the password criterion. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MIN_LENGTH = 8;
export const MINIMUM_AGE = 18;

/**
 * A plain address and nothing else: local@domain.tld. No display name, angle brackets, quotes,
 * comments or lists, which mail libraries would read as another recipient (`x<victim@corp.com>`
 * goes to victim@corp.com). The local part is letters, digits and . _ + ' - (no dot first, last
 * or twice); the domain is dot-separated labels of letters, digits and inner hyphens.
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9_+'-]+(?:\.[A-Za-z0-9_+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim());

export interface PasswordCriterion {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';
  label: string;
  test: (password: string) => boolean;
}

/** The five criteria of product §5, in order, with labels for the live checklist. */
export const PASSWORD_CRITERIA: readonly PasswordCriterion[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'An uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'A lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'digit', label: 'A number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: `A special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    test: (p) => Array.from(p).some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
];

export const passwordMeetsCriteria = (password: string): boolean => PASSWORD_CRITERIA.every((c) => c.test(password));

const blank = (value: string | undefined | null): boolean => (value ?? '').trim() === '';

export interface SignUpInput {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  agreedToTerms: boolean;
  captchaToken: string | null;
}

/** First failing rule's message (product §5 order), or null when the form is valid. */
export function validateSignUp(input: SignUpInput): string | null {
  if ([input.firstName, input.lastName, input.username, input.email, input.password].some(blank))
    return VALIDATION_MESSAGES.allFieldsRequired;
  if (!isValidEmail(input.email)) return VALIDATION_MESSAGES.invalidEmail;
  if (!passwordMeetsCriteria(input.password)) return VALIDATION_MESSAGES.passwordCriteria;
  if (!input.agreedToTerms) return VALIDATION_MESSAGES.termsRequired;
  if (blank(input.captchaToken)) return VALIDATION_MESSAGES.captchaRequired;
  return null;
}

/** The sign-up form's fields, by the names its inputs carry. */
export type SignUpField = 'firstName' | 'lastName' | 'username' | 'email' | 'password' | 'terms';

/**
 * The field validateSignUp's message is about (the first blank one for 'All fields are required!'),
 * so the form can mark it (aria-invalid) and focus it; null when it is about no field (captcha) or all is well.
 */
export function signUpProblemField(input: SignUpInput): SignUpField | null {
  const fields = ['firstName', 'lastName', 'username', 'email', 'password'] as const;
  const firstBlank = fields.find((field) => blank(input[field]));
  if (firstBlank) return firstBlank;
  if (!isValidEmail(input.email)) return 'email';
  if (!passwordMeetsCriteria(input.password)) return 'password';
  if (!input.agreedToTerms) return 'terms';
  return null;
}

export interface SignInInput {
  /** Email address or user ID (username). */
  identifier: string;
  password: string;
  captchaToken: string | null;
}

/**
 * product §5 sign-in rules. The product description left open whether a User ID is exempt from the email check;
 * the field is labelled "Email / User ID", so an entry without '@' is taken as a user ID.
 */
export function validateSignIn(input: SignInInput): string | null {
  if (blank(input.identifier) || blank(input.password)) return VALIDATION_MESSAGES.signInFieldsRequired;
  if (input.identifier.includes('@') && !isValidEmail(input.identifier)) return VALIDATION_MESSAGES.invalidEmail;
  if (blank(input.captchaToken)) return VALIDATION_MESSAGES.captchaRequired;
  return null;
}

export function validateForgotPassword(email: string): string | null {
  if (blank(email)) return VALIDATION_MESSAGES.emailRequired;
  if (!isValidEmail(email)) return VALIDATION_MESSAGES.invalidEmail;
  return null;
}

export function validateVerificationCode(code: string): string | null {
  return blank(code) ? VALIDATION_MESSAGES.codeRequired : null;
}

export interface ResetPasswordInput {
  code: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateResetPassword(input: ResetPasswordInput): string | null {
  if (blank(input.code)) return VALIDATION_MESSAGES.codeRequired;
  if (blank(input.newPassword) || blank(input.confirmPassword)) return VALIDATION_MESSAGES.passwordFieldsRequired;
  if (input.newPassword !== input.confirmPassword) return VALIDATION_MESSAGES.passwordsDoNotMatch;
  if (!passwordMeetsCriteria(input.newPassword)) return VALIDATION_MESSAGES.passwordCriteria;
  return null;
}
