import type { Mail } from './mailer';

/** The mails the API sends. Plain text: readable everywhere, nothing to sanitise. */

export function verificationMail(to: string, code: string, activationLink: string, ttlHours: number): Mail {
  return {
    to,
    subject: 'Verify your email address',
    code,
    text: [
      'Welcome to the games portal!',
      '',
      `Your verification code is: ${code}`,
      '',
      `Enter it in the Email Verification dialog, or open this link to activate your account:`,
      activationLink,
      '',
      `The code and the link expire in ${ttlHours} hours. If you did not sign up, ignore this mail.`,
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, code: string, ttlMinutes: number): Mail {
  return {
    to,
    subject: 'Your password reset code',
    code,
    text: [
      `Your password reset code is: ${code}`,
      '',
      `Enter it in the Reset Password dialog within ${ttlMinutes} minutes.`,
      'If you did not ask to reset your password, ignore this mail: your password stays the same.',
    ].join('\n'),
  };
}
