import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { API_PATHS, type MessageResponse } from '@portal/shared-contracts/account';
import type { Database, UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { objectBody } from '../http/input-source';
import { accountKey, RATE_LIMITS } from '../http/rate-limits';
import { verificationMail } from '../mail/messages';
import { answerNoSoonerThan, MAIL_REQUEST_FLOOR_MS } from '../security/answer-floor';
import { newLinkToken, newNumericCode } from '../security/one-time-secrets';
import { EMAIL_BODY } from './auth-schemas';
import { MESSAGES, VERIFICATION_TTL_MS } from './auth-messages';

// Steps more than one auth flow takes.

export async function requireCaptcha(
  fastify: Pick<FastifyInstance, 'captcha'>,
  token: string | undefined,
  ip: string,
): Promise<void> {
  if (!fastify.captcha) return;
  if (!token || !(await fastify.captcha(token, ip))) throw new HttpError(400, MESSAGES.captchaFailed);
}

/**
 * A fresh code (typed in the dialog) and link token (clicked in the mail) for one account, and the
 * mail carrying them, all in the caller's transaction. No SMTP here: the delivery worker sends it.
 */
export async function queueVerification(
  fastify: Pick<FastifyInstance, 'codes' | 'config' | 'mailOutbox'>,
  trx: Kysely<Database>,
  user: UserRow,
): Promise<void> {
  const { codes, config } = fastify;
  const code = newNumericCode();
  const linkToken = newLinkToken();
  await codes.issue(user.id, 'verify_email', code, VERIFICATION_TTL_MS, trx);
  await codes.issue(user.id, 'activation', linkToken, VERIFICATION_TTL_MS, trx);
  const link = `${config.siteUrl}/?activation_token=${encodeURIComponent(linkToken)}`;
  await fastify.mailOutbox.enqueue(trx, verificationMail(config, user.email, code, link, VERIFICATION_TTL_MS));
}

/** The instance a route plugin gets, with TypeBox's type provider. */
type TypeBoxInstance = Parameters<FastifyPluginAsyncTypebox>[0];

type MailRequestPath = (typeof API_PATHS)['resendVerification' | 'forgotPassword'];

/**
 * resend and forgot-password: the same answer and the same cost whether or not the address has
 * an account. A mail the account is due is queued in one transaction with what it carries; any
 * other address pays one write transaction (the mail itself goes out from the worker), and
 * every answer waits for the same floor of time, which hides what the two still differ by.
 */
export function mailRequestRoute(
  app: TypeBoxInstance,
  path: MailRequestPath,
  message: string,
  scope: string,
  queueFor: (user: UserRow) => ((trx: Kysely<Database>) => Promise<void>) | null,
): void {
  const { users, accountLimits, ownerNetworks, database, mailOutbox } = app;
  const options = { preValidation: objectBody, config: { rateLimit: RATE_LIMITS.mailRequest }, schema: { body: EMAIL_BODY } };
  app.post(path, options, async (request): Promise<MessageResponse> => {
    const startedAt = performance.now();
    const { email } = request.body;
    const user = await users.findByEmail(email);
    // Counted for unknown addresses too (same work); past the daily cap nothing is sent, quietly.
    // The owner's own network has an allowance of its own, which requests from elsewhere cannot spend.
    const account = accountKey(scope, user?.id, email, null);
    const withinCap = (await ownerNetworks.isOwners(user?.id ?? 0, request.ip))
      ? await accountLimits.codeMailsOwner.allows(`${account}|owner`)
      : (await accountLimits.codeMailsPerNetwork.allows(accountKey(scope, user?.id, email, request.ip))) &&
        (await accountLimits.codeMails.allows(account));
    const queue = user && withinCap ? queueFor(user) : null;
    if (queue) await database.db.transaction().execute(queue);
    else await mailOutbox.matchQueueingCost();
    await answerNoSoonerThan(startedAt, MAIL_REQUEST_FLOOR_MS);
    return { message };
  });
}
