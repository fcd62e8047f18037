import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from 'shared-contracts/account';
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

/** Every account flow without a bearer token, one plugin each (in the OpenAPI document's order). */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(signUpRoutes);
  await app.register(signInRoutes);
  await app.register(sessionRoutes);
  await app.register(verificationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(activationRoutes);
  await app.register(captchaRoutes);
};
