import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, type MessageResponse } from '@portal/shared-contracts/account';
import { HttpError } from '../http/errors';
import { objectBody } from '../http/input-source';
import { RATE_LIMITS } from '../http/rate-limits';
import { hashPassword } from '../security/passwords';
import { MESSAGES } from './auth-messages';
import { REGISTER_BODY } from './auth-schemas';
import { queueVerification, requireCaptcha } from './auth-steps';

/** Sign-up: the account and its verification mail in one transaction. */
export const signUpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users, config } = app;
  app.post(
    API_PATHS.register,
    {
      // The hashing budget refuses first, as it did before the fields were read.
      preValidation: [app.passwordHashingBudget, objectBody],
      config: { rateLimit: RATE_LIMITS.register },
      schema: { body: REGISTER_BODY },
    },
    async (request, reply): Promise<MessageResponse> => {
      const { username, email, firstName, lastName, password, captcha_token: captchaToken } = request.body;
      await requireCaptcha(app, captchaToken, request.ip);

      const passwordHash = await hashPassword(password, config.passwordHashCost);
      const created = await users.create({ username, email, firstName, lastName, passwordHash }, (trx, user) =>
        queueVerification(app, trx, user),
      );
      if (!created.ok) throw new HttpError(409, created.taken === 'email' ? MESSAGES.emailTaken : MESSAGES.usernameTaken);
      reply.code(201);
      return { message: MESSAGES.registered };
    },
  );
};
