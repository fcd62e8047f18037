import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { API_PATHS } from '@portal/shared-contracts/account';
import { RATE_LIMITS } from '../http/rate-limits';
import { CAPTCHA_QUERY } from './auth-schemas';
import { passwordResetRoutes } from './password-reset-routes';
import { sessionRoutes } from './session-routes';
import { signInRoutes } from './sign-in-routes';
import { signUpRoutes } from './sign-up-routes';
import { activationRoutes, verificationRoutes } from './verification-routes';

export { codeRefused, MESSAGES, RESET_CODE_DIGITS, RESET_CODE_TTL_MS, VERIFICATION_TTL_MS } from './auth-messages';

/** product §7 defines it without a caller: reports whether a reCAPTCHA token is valid. */
const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    API_PATHS.verifyCaptcha,
    { config: { rateLimit: RATE_LIMITS.captcha }, schema: { querystring: CAPTCHA_QUERY } },
    async (request): Promise<{ success: boolean }> => {
      const { token } = request.query;
      return { success: app.captcha ? await app.captcha(token, request.ip) : true };
    },
  );
};

/**
 * Every account flow without a bearer token, one plugin each (in the OpenAPI document's order),
 * in the root context like every route (see app.ts).
 */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fp(signUpRoutes));
  await app.register(fp(signInRoutes));
  await app.register(fp(sessionRoutes));
  await app.register(fp(verificationRoutes));
  await app.register(fp(passwordResetRoutes));
  await app.register(fp(activationRoutes));
  await app.register(fp(captchaRoutes));
};
