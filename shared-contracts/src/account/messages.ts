/** Every user-facing text of the account (product §5, §6 and §8), spelled once. */
/** product §5, in the order the rules are listed there. */
export const VALIDATION_MESSAGES = {
  allFieldsRequired: 'All fields are required!',
  invalidEmail: 'Please enter a valid email address.',
  passwordCriteria: 'Password must meet all criteria.',
  termsRequired: 'You must agree to the terms and conditions.',
  captchaRequired: 'Please complete the CAPTCHA.',
  signInFieldsRequired: 'Both email and password are required!',
  emailRequired: 'Email is required!',
  codeRequired: 'Verification code is required.',
  passwordFieldsRequired: 'Password fields are required.',
  passwordsDoNotMatch: 'Passwords do not match.',
} as const;

/** product §8 fallback messages per action. */
export const ERROR_FALLBACKS = {
  userInfo: 'Failed to fetch user information',
  upload: 'Failed to upload file',
  saveProfile: 'Failed to save profile',
  savePicture: 'Failed to save picture',
  signupGeneric: 'Something went wrong. Please try again.',
  signup: 'Failed to signup',
  signin: 'Failed to sign in',
  signinUnknown: 'Unknown error during sign in',
  resetPassword: 'Failed to reset password',
  forgotPassword: 'Failed to send reset password code',
  activation: 'Failed to send reset password link',
  balance: 'Failed to fetch balance',
  verifyEmail: 'Failed to verify email',
  resendVerification: 'Failed to resend verification email',
  unknown: 'An unknown error occurred.',
} as const;

/** Marker the API puts in a sign-in error for an unverified account (product §8). */
export const EMAIL_NOT_VERIFIED = 'Email not verified';

export const SUCCESS_TOASTS = {
  signup: 'Signup successful! Check your email to activate your account.',
  login: 'Login successful!',
  signin: 'Sign-in successful!',
  emailVerified: 'Email verified successfully.',
  passwordReset: 'Password reset successful.',
  userActivated: 'User activated successfully!',
  profileUpdated: 'Profile updated successfully!',
} as const;

export const INFO_TOASTS = {
  sessionExpired: 'Session expired!',
  alreadySignedUp: 'You are already logged in. Signup is not required.',
  alreadySignedIn: 'You are already logged in. Signin is not required.',
} as const;
