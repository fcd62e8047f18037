import type {
  EmailRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from 'shared-contracts/account';
import { createAsyncAction } from '../store/async-action';

/** The sign-up / sign-in / code actions of product §3, each pending → fulfilled | rejected. */
export const signup = createAsyncAction<RegisterRequest>('auth/signup');
/** Fulfilled once the tokens are stored: the session, modal and profile slices all answer it. */
export const signin = createAsyncAction<LoginRequest>('auth/signin');
export const verifyEmail = createAsyncAction<VerifyEmailRequest>('auth/verifyEmail');
/** Fulfilled with the server's message. */
export const resendVerification = createAsyncAction<EmailRequest, string>('auth/resendVerification');
/** Fulfilled with the server's message. */
export const forgotPassword = createAsyncAction<EmailRequest, string>('auth/forgotPassword');
export const resetPassword = createAsyncAction<ResetPasswordRequest>('auth/resetPassword');
export const activation = createAsyncAction<{ token: string }>('auth/activation');
