import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, type MessageResponse } from '@portal/shared-contracts/account';
import { objectBody } from '../http/input-source';
import { accountKey, RATE_LIMITS } from '../http/rate-limits';
import { passwordChangedMail, passwordResetMail } from '../mail/messages';
import { newNumericCode } from '../security/one-time-secrets';
import { hashPassword } from '../security/passwords';
import { codeProblem, MESSAGES, RESET_CODE_DIGITS, RESET_CODE_TTL_MS } from './auth-messages';
import { RESET_PASSWORD_BODY } from './auth-schemas';
import { mailRequestRoute } from './auth-steps';

/** A reset code by mail, then a new password for whoever types it. */
export const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users, sessions, codes, config, accountLimits, mailOutbox } = app;

  mailRequestRoute(app, API_PATHS.forgotPassword, MESSAGES.resetCodeSent, 'reset_mail', (user) => async (trx) => {
    const code = newNumericCode(RESET_CODE_DIGITS);
    await codes.issue(user.id, 'reset_password', code, RESET_CODE_TTL_MS, trx);
    await mailOutbox.enqueue(trx, passwordResetMail(config, user.email, code, RESET_CODE_TTL_MS));
  });

  app.post(
    API_PATHS.resetPassword,
    {
      preValidation: [app.passwordHashingBudget, objectBody],
      config: { rateLimit: RATE_LIMITS.codeEntry },
      schema: { body: RESET_PASSWORD_BODY },
    },
    async (request): Promise<MessageResponse> => {
      const { email, reset_code: code, new_password: newPassword } = request.body;
      const user = await users.findByEmail(email);
      const bucket = accountKey('reset_password', user?.id, email, request.ip);
      await accountLimits.codeEntry.attempt(bucket);
      // An unknown address takes the same path as an account without a live code.
      const result = await codes.check(user?.id ?? 0, 'reset_password', code);
      if (result !== 'ok' || !user) throw codeProblem('reset');
      await accountLimits.codeEntry.succeeded(bucket);
      const passwordHash = await hashPassword(newPassword, config.passwordHashCost);
      // New password, token_version bumped, every session ended and the notice queued: one transaction.
      await app.database.db.transaction().execute(async (trx) => {
        const changed = await users.setPassword(user.id, passwordHash, trx);
        await sessions.revokeAllOf(user.id, 'password_reset', trx);
        await mailOutbox.enqueue(trx, passwordChangedMail(config, changed.email, 'reset'));
      });
      // The code arrived by mail, so the player owns the address (and this is their network).
      if (user.email_verified !== 1) await users.markEmailVerified(user.id);
      await app.ownerNetworks.remember(user.id, request.ip);
      return { message: MESSAGES.passwordReset };
    },
  );
};
