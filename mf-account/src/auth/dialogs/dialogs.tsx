import type { ReactNode } from 'react';
import { PAGE_TEXT } from '@portal/shared-contracts';
import { MODAL_KINDS, type ModalKind, type ModalProps } from '@portal/shared-contracts/account';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { SignInDialog } from './sign-in-dialog';
import { SignUpDialog } from './sign-up-dialog';
import { VerifyEmailDialog } from './verify-email-dialog';

interface DialogDefinition {
  title: string;
  subtitle: (props: ModalProps) => ReactNode;
  render: (props: ModalProps) => ReactNode;
}

/** The five dialogs of product §2, by modal kind. */
export const DIALOGS: Record<ModalKind, DialogDefinition> = {
  [MODAL_KINDS.signUp]: {
    title: PAGE_TEXT.signUp,
    subtitle: () => 'Create your free account to keep a profile, a picture and your coin balance.',
    render: () => <SignUpDialog />,
  },
  [MODAL_KINDS.signIn]: {
    title: PAGE_TEXT.signIn,
    subtitle: () => 'Welcome back! Sign in to pick up where you left off.',
    render: (props) => <SignInDialog props={props} />,
  },
  [MODAL_KINDS.forgotPassword]: {
    title: 'Forgot Your Password',
    subtitle: () => "Enter your account's email address and we'll send you a reset code.",
    render: (props) => <ForgotPasswordDialog props={props} />,
  },
  [MODAL_KINDS.verifyEmail]: {
    title: 'Email Verification',
    subtitle: (props) =>
      props.email ? (
        <>
          Enter the code we sent to <strong>{props.email}</strong>.
        </>
      ) : (
        'Enter the code from your verification email.'
      ),
    render: (props) => <VerifyEmailDialog props={props} />,
  },
  [MODAL_KINDS.resetPassword]: {
    title: 'Reset Password',
    subtitle: (props) =>
      props.email ? (
        <>
          Enter the code we sent to <strong>{props.email}</strong> and choose a new password.
        </>
      ) : (
        'Enter the code from your email and choose a new password.'
      ),
    render: (props) => <ResetPasswordDialog props={props} />,
  },
};
