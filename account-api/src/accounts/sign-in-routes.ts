import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, type LoginResponse } from '@portal/shared-contracts/account';
import { HttpError } from '../http/errors';
import { objectBody } from '../http/input-source';
import { accountKey, RATE_LIMITS } from '../http/rate-limits';
import { hashPassword, needsRehash, verifyPassword } from '../security/passwords';
import { MESSAGES } from './auth-messages';
import { LOGIN_BODY } from './auth-schemas';
import { requireCaptcha } from './auth-steps';

/** Sign-in: the password checked, a session opened, a token pair issued. */
export const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users, sessions, tokens, config, accountLimits } = app;
  app.post(
    API_PATHS.login,
    {
      preValidation: [app.passwordHashingBudget, objectBody],
      config: { rateLimit: RATE_LIMITS.login },
      schema: { body: LOGIN_BODY },
    },
    async (request): Promise<LoginResponse> => {
      const { username: identifier, password, captcha_token: captchaToken } = request.body;
      await requireCaptcha(app, captchaToken, request.ip);

      const user = await users.findByLogin(identifier);
      // One bucket per account (whether its name or its address was typed) and client network.
      const bucket = accountKey('login', user?.id, identifier, request.ip);
      await accountLimits.login.attempt(bucket);
      const passwordOk = user ? await verifyPassword(password, user.password_hash) : await app.dummyPassword.run(password);
      if (!user || !passwordOk) throw new HttpError(400, MESSAGES.badCredentials);
      await accountLimits.login.succeeded(bucket);
      // Stored with older (or other) scrypt parameters: keep the verified password at today's cost.
      if (needsRehash(user.password_hash, config.passwordHashCost)) {
        await users.update(user.id, { password_hash: await hashPassword(password, config.passwordHashCost) });
      }
      // Only someone who knows the password learns that the address is unverified.
      if (user.email_verified !== 1) throw new HttpError(403, MESSAGES.notVerified);
      await app.ownerNetworks.remember(user.id, request.ip);
      // One sign-in = one session = one refresh-token family (decision 0007).
      const session = await sessions.open(user.id);
      return tokens.issuePair({ userId: user.id, version: user.token_version, ...session });
    },
  );
};
