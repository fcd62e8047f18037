import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { PASSWORD_HASHING_BUDGET } from '../http/rate-limits';
import { RequestBudget } from '../http/request-budget';
import { googleCaptchaVerifier, type CaptchaVerifier } from '../security/captcha';
import { loadBreachedPasswords } from '../security/breached-passwords';
import { DummyPasswordCheck } from '../security/passwords';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hashes as long as a real check, for a name with no account. */
    dummyPassword: DummyPasswordCheck;
    /** Shared per-address limit for the routes that hash passwords (see RATE_LIMITS). */
    passwordHashingBudget: preHandlerAsyncHookHandler;
    /** null when RECAPTCHA_SECRET is not set: captcha tokens are then not checked. */
    captcha: CaptchaVerifier | null;
  }
}

export interface PasswordsPluginOptions {
  /** Tests replace Google's check; undefined: Google when RECAPTCHA_SECRET is set, else none. */
  captcha?: CaptchaVerifier | null;
}

/** What the sign-up and sign-in routes guard passwords with. */
const passwords: FastifyPluginAsync<PasswordsPluginOptions> = async (fastify, options) => {
  const { config, now } = fastify;
  // Read the breached-password list now, not in the first sign-up's request.
  loadBreachedPasswords();
  fastify.decorate('dummyPassword', new DummyPasswordCheck(config.passwordHashCost));
  fastify.decorate(
    'passwordHashingBudget',
    new RequestBudget(PASSWORD_HASHING_BUDGET.max, PASSWORD_HASHING_BUDGET.windowMs, () => now().getTime()).hook(),
  );
  fastify.decorate(
    'captcha',
    options.captcha !== undefined
      ? options.captcha
      : config.recaptchaSecret
        ? googleCaptchaVerifier(config.recaptchaSecret)
        : null,
  );
};

export default fp(passwords, { name: 'passwords', dependencies: ['app-options'] });
