import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  API_PATHS,
  EMAIL_NOT_VERIFIED,
  SUCCESS_TOASTS,
  type DetailResponse,
  type LoginResponse,
  type MessageResponse,
} from 'shared-contracts/account';
import type { AppContext } from '../context';
import type { Database, UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { objectBody } from '../http/input-source';
import { accountKey, RATE_LIMITS } from '../http/rate-limits';
import { passwordChangedMail, passwordResetMail, verificationMail } from '../mail/messages';
import { answerNoSoonerThan, MAIL_REQUEST_FLOOR_MS } from '../security/answer-floor';
import { hashPassword, needsRehash, verifyPassword } from '../security/passwords';
import { newLinkToken, newNumericCode } from '../security/one-time-secrets';
import {
  ACTIVATION_QUERY,
  CAPTCHA_QUERY,
  EMAIL_BODY,
  LOGIN_BODY,
  REFRESH_TOKEN_BODY,
  REGISTER_BODY,
  RESET_PASSWORD_BODY,
  VERIFY_EMAIL_BODY,
} from './auth-schemas';

const HOUR = 60 * 60 * 1000;
export const VERIFICATION_TTL_MS = 24 * HOUR;
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
/** Reset codes open the account, so they are long: see decision 0036 §3 for the odds. */
export const RESET_CODE_DIGITS = 12;

export const MESSAGES = {
  registered: 'Signup successful! Check your email for the verification code.',
  emailTaken: 'Email already registered',
  usernameTaken: 'Username already taken',
  badCredentials: 'Incorrect username or password',
  notVerified: `${EMAIL_NOT_VERIFIED}. Enter the code we emailed you to activate your account.`,
  captchaFailed: 'CAPTCHA verification failed. Please try again.',
  emailVerified: SUCCESS_TOASTS.emailVerified,
  verificationResent: 'If this address belongs to an account awaiting verification, a new code has been sent.',
  resetCodeSent: 'If an account exists for this address, a password reset code has been sent.',
  passwordReset: SUCCESS_TOASTS.passwordReset,
  userActivated: SUCCESS_TOASTS.userActivated,
  badActivationLink: 'This activation link is invalid or has expired.',
  badRefreshToken: 'Invalid or expired refresh token',
  loggedOut: 'Logged out.',
} as const;

/**
 * What every failed code check tells the player: wrong, expired, used up, or an address with no
 * account or no code all read the same (same status, same words), so the answer does not tell
 * a real account from an unknown address.
 */
export const codeRefused = (kind: 'verification' | 'reset'): string =>
  `This ${kind} code is wrong or no longer valid. Check it, or request a new one.`;
const codeProblem = (kind: 'verification' | 'reset'): HttpError => new HttpError(400, codeRefused(kind));

export function registerAuthRoutes(fastify: FastifyInstance, context: AppContext): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { users, sessions, codes, tokens, config, accountLimits } = context;
  const budget = context.passwordHashingBudget;

  async function requireCaptcha(token: string | undefined, ip: string): Promise<void> {
    if (!context.captcha) return;
    if (!token || !(await context.captcha(token, ip))) throw new HttpError(400, MESSAGES.captchaFailed);
  }

  /**
   * A fresh code (typed in the dialog) and link token (clicked in the mail) for one account, and the
   * mail carrying them, all in the caller's transaction. No SMTP here: the delivery worker sends it.
   */
  async function queueVerification(trx: Kysely<Database>, user: UserRow): Promise<void> {
    const code = newNumericCode();
    const linkToken = newLinkToken();
    await codes.issue(user.id, 'verify_email', code, VERIFICATION_TTL_MS, trx);
    await codes.issue(user.id, 'activation', linkToken, VERIFICATION_TTL_MS, trx);
    const link = `${config.siteUrl}/?activation_token=${encodeURIComponent(linkToken)}`;
    await context.mailOutbox.enqueue(trx, verificationMail(config, user.email, code, link, VERIFICATION_TTL_MS));
  }

  app.post(
    API_PATHS.register,
    {
      // The hashing budget refuses first, as it did before the fields were read.
      preValidation: [budget, objectBody],
      config: { rateLimit: RATE_LIMITS.register },
      schema: { body: REGISTER_BODY },
    },
    async (request, reply): Promise<MessageResponse> => {
      const { username, email, firstName, lastName, password, captcha_token: captchaToken } = request.body;
      await requireCaptcha(captchaToken, request.ip);

      const passwordHash = await hashPassword(password, config.passwordHashCost);
      const created = await users.create({ username, email, firstName, lastName, passwordHash }, queueVerification);
      if (!created.ok) throw new HttpError(409, created.taken === 'email' ? MESSAGES.emailTaken : MESSAGES.usernameTaken);
      reply.code(201);
      return { message: MESSAGES.registered };
    },
  );

  app.post(
    API_PATHS.login,
    { preValidation: [budget, objectBody], config: { rateLimit: RATE_LIMITS.login }, schema: { body: LOGIN_BODY } },
    async (request): Promise<LoginResponse> => {
      const { username: identifier, password, captcha_token: captchaToken } = request.body;
      await requireCaptcha(captchaToken, request.ip);

      const user = await users.findByLogin(identifier);
      // One bucket per account (whether its name or its address was typed) and client network.
      const bucket = accountKey('login', user?.id, identifier, request.ip);
      await accountLimits.login.attempt(bucket);
      const passwordOk = user ? await verifyPassword(password, user.password_hash) : await context.dummyPassword.run(password);
      if (!user || !passwordOk) throw new HttpError(400, MESSAGES.badCredentials);
      await accountLimits.login.succeeded(bucket);
      // Stored with older (or other) scrypt parameters: keep the verified password at today's cost.
      if (needsRehash(user.password_hash, config.passwordHashCost)) {
        await users.update(user.id, { password_hash: await hashPassword(password, config.passwordHashCost) });
      }
      // Only someone who knows the password learns that the address is unverified.
      if (user.email_verified !== 1) throw new HttpError(403, MESSAGES.notVerified);
      await context.ownerNetworks.remember(user.id, request.ip);
      // One sign-in = one session = one refresh-token family (decision 0007).
      const session = await sessions.open(user.id);
      return tokens.issuePair({ userId: user.id, version: user.token_version, ...session });
    },
  );

  /** Rotation: the presented refresh token must be its family's current one; a used one revokes the family. */
  const refreshRoute = {
    preValidation: objectBody,
    config: { rateLimit: RATE_LIMITS.refresh },
    schema: { body: REFRESH_TOKEN_BODY },
  };

  app.post(API_PATHS.refreshToken, refreshRoute, async (request): Promise<LoginResponse> => {
    const refreshToken = request.body.refresh_token;
    const subject = tokens.verify(refreshToken, 'refresh');
    const user = subject ? await users.findById(subject.userId) : undefined;
    if (!subject || !user || user.token_version !== subject.version) throw new HttpError(401, MESSAGES.badRefreshToken);
    const rotated = await sessions.rotate(subject.sessionId, user.id, subject.jti);
    if (!rotated.ok) {
      if (rotated.reason === 'reuse') request.log.warn({ userId: user.id }, 'refresh token reused: session revoked');
      throw new HttpError(401, MESSAGES.badRefreshToken);
    }
    return tokens.issuePair({
      userId: user.id,
      version: user.token_version,
      sessionId: subject.sessionId,
      refreshJti: rotated.refreshJti,
    });
  });

  /** Ends the session of a refresh token (any token of the family); saying it twice is fine. */
  app.post(API_PATHS.logout, refreshRoute, async (request): Promise<DetailResponse> => {
    const subject = tokens.verify(request.body.refresh_token, 'refresh');
    if (!subject) throw new HttpError(401, MESSAGES.badRefreshToken);
    await sessions.revoke(subject.sessionId, 'logout');
    return { detail: MESSAGES.loggedOut };
  });

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

  /**
   * resend and forgot-password: the same answer and the same cost whether or not the address has
   * an account. A mail the account is due is queued in one transaction with what it carries; any
   * other address pays one write transaction (the mail itself goes out from the worker), and
   * every answer waits for the same floor of time, which hides what the two still differ by.
   */
  function mailRequestRoute(
    path: string,
    message: string,
    scope: string,
    queueFor: (user: UserRow) => ((trx: Kysely<Database>) => Promise<void>) | null,
  ): void {
    const options = { preValidation: objectBody, config: { rateLimit: RATE_LIMITS.mailRequest }, schema: { body: EMAIL_BODY } };
    app.post(path, options, async (request): Promise<MessageResponse> => {
      const startedAt = performance.now();
      const { email } = request.body;
      const user = await users.findByEmail(email);
      // Counted for unknown addresses too (same work); past the daily cap nothing is sent, quietly.
      // The owner's own network has an allowance of its own, which requests from elsewhere cannot spend.
      const account = accountKey(scope, user?.id, email, null);
      const withinCap = (await context.ownerNetworks.isOwners(user?.id ?? 0, request.ip))
        ? await accountLimits.codeMailsOwner.allows(`${account}|owner`)
        : (await accountLimits.codeMailsPerNetwork.allows(accountKey(scope, user?.id, email, request.ip))) &&
          (await accountLimits.codeMails.allows(account));
      const queue = user && withinCap ? queueFor(user) : null;
      if (queue) await context.database.db.transaction().execute(queue);
      else await context.mailOutbox.matchQueueingCost();
      await answerNoSoonerThan(startedAt, MAIL_REQUEST_FLOOR_MS);
      return { message };
    });
  }

  mailRequestRoute(API_PATHS.resendVerification, MESSAGES.verificationResent, 'verify_mail', (user) =>
    user.email_verified !== 1 ? (trx) => queueVerification(trx, user) : null,
  );

  mailRequestRoute(API_PATHS.forgotPassword, MESSAGES.resetCodeSent, 'reset_mail', (user) => async (trx) => {
    const code = newNumericCode(RESET_CODE_DIGITS);
    await codes.issue(user.id, 'reset_password', code, RESET_CODE_TTL_MS, trx);
    await context.mailOutbox.enqueue(trx, passwordResetMail(config, user.email, code, RESET_CODE_TTL_MS));
  });

  app.post(
    API_PATHS.resetPassword,
    {
      preValidation: [budget, objectBody],
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
      await context.database.db.transaction().execute(async (trx) => {
        const changed = await users.setPassword(user.id, passwordHash, trx);
        await sessions.revokeAllOf(user.id, 'password_reset', trx);
        await context.mailOutbox.enqueue(trx, passwordChangedMail(config, changed.email, 'reset'));
      });
      // The code arrived by mail, so the player owns the address (and this is their network).
      if (user.email_verified !== 1) await users.markEmailVerified(user.id);
      await context.ownerNetworks.remember(user.id, request.ip);
      return { message: MESSAGES.passwordReset };
    },
  );

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

  /** product §7 defines it without a caller: reports whether a reCAPTCHA token is valid. */
  app.post(
    API_PATHS.verifyCaptcha,
    { config: { rateLimit: RATE_LIMITS.captcha }, schema: { querystring: CAPTCHA_QUERY } },
    async (request): Promise<{ success: boolean }> => {
      const { token } = request.query;
      return { success: context.captcha ? await context.captcha(token, request.ip) : true };
    },
  );
}
