/** The five auth dialogs (product §4), spelled as product §4.1 spells them. */
export const MODAL_KINDS = {
  signUp: 'sign_up',
  signIn: 'sign_in',
  forgotPassword: 'forgot_password',
  verifyEmail: 'VERIFY_EMAIL',
  resetPassword: 'RESET_PASSWORD',
} as const;
export type ModalKind = (typeof MODAL_KINDS)[keyof typeof MODAL_KINDS];

/** Optional properties a dialog opens with, e.g. the email to verify. */
export interface ModalProps {
  email?: string;
}

export interface SessionInfo {
  signedIn: boolean;
}
