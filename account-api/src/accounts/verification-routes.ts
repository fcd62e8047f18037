import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, type MessageResponse } from '@portal/shared-contracts/account';
import { HttpError } from '../http/errors';
import { objectBody } from '../http/input-source';
import { accountKey, RATE_LIMITS } from '../http/rate-limits';
import { codeProblem, MESSAGES } from './auth-messages';
import { ACTIVATION_QUERY, VERIFY_EMAIL_BODY } from './auth-schemas';
import { mailRequestRoute, queueVerification } from './auth-steps';

/** The address proved by the code typed in the dialog, and a new code on request. */
export const verificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users, codes, accountLimits } = app;
  app.post(
    API_PATHS.verifyEmail,
    { preValidation: objectBody, config: { rateLimit: RATE_LIMITS.codeEntry }, schema: { body: VERIFY_EMAIL_BODY } },
    async (request): Promise<MessageResponse> => {
      const { email, verification_code: code } = request.body;
      const user = await users.findByEmail(email);
      // Counted per account and network across every code issued in the window: a new code does not reset it.
      const bucket = accountKey('verify_email', user?.id, email, request.ip);
      await accountLimits.codeEntry.attempt(bucket);
      // Unknown and already verified addresses take the same path and get the same answer: neither
      // has a live verification code (verifying deletes them), so both read as a wrong code.
      const result = await codes.check(user?.id ?? 0, 'verify_email', code);
      if (result !== 'ok' || !user) throw codeProblem('verification');
      await accountLimits.codeEntry.succeeded(bucket);
      await users.markEmailVerified(user.id);
      return { message: MESSAGES.emailVerified };
    },
  );

  mailRequestRoute(app, API_PATHS.resendVerification, MESSAGES.verificationResent, 'verify_mail', (user) =>
    user.email_verified !== 1 ? (trx) => queueVerification(app, trx, user) : null,
  );
};

/** The address proved by the link clicked in the mail. */
export const activationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users, codes } = app;
  app.post(
    API_PATHS.activateUser,
    { config: { rateLimit: RATE_LIMITS.activation }, schema: { querystring: ACTIVATION_QUERY } },
    async (request): Promise<MessageResponse> => {
      const userId = await codes.redeemLinkToken('activation', request.query.token);
      if (userId === null) throw new HttpError(400, MESSAGES.badActivationLink);
      await users.markEmailVerified(userId);
      return { message: MESSAGES.userActivated };
    },
  );
};
