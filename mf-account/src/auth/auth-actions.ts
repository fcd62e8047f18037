import type { EmailRequest, RegisterRequest, ResetPasswordRequest, VerifyEmailRequest } from '@portal/shared-contracts/account';
import { createAsyncAction } from '../store/async-action';

/**
 * The sign-up and code actions of product §3, each pending → fulfilled | rejected. Sign-in starts
 * a session, so its action, saga and flags (`signin`) are the session's (session/).
 */
export const signup = createAsyncAction<RegisterRequest>('auth/signup');
export const verifyEmail = createAsyncAction<VerifyEmailRequest>('auth/verifyEmail');
/** Fulfilled with the server's message. */
export const resendVerification = createAsyncAction<EmailRequest, string>('auth/resendVerification');
/** Fulfilled with the server's message. */
export const forgotPassword = createAsyncAction<EmailRequest, string>('auth/forgotPassword');
export const resetPassword = createAsyncAction<ResetPasswordRequest>('auth/resetPassword');
export const activation = createAsyncAction<{ token: string }>('auth/activation');
