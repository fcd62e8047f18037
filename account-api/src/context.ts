import type { FastifyBaseLogger, preHandlerAsyncHookHandler } from 'fastify';
import type { OneTimeCodes } from './accounts/one-time-codes';
import type { SessionStore } from './accounts/session-store';
import type { UserStore } from './accounts/user-store';
import type { Config } from './config';
import type { AccountLimit } from './http/rate-limits';
import type { DatabaseHandle } from './db/connect';
import type { Mail, Mailer } from './mail/mailer';
import type { CaptchaVerifier } from './security/captcha';
import type { DummyPasswordCheck } from './security/passwords';
import type { TokenService } from './security/tokens';

/** The services every route module is built from; assembled once in app.ts. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  users: UserStore;
  sessions: SessionStore;
  codes: OneTimeCodes;
  tokens: TokenService;
  mailer: Mailer;
  /** null when RECAPTCHA_SECRET is not set: captcha tokens are then not checked. */
  captcha: CaptchaVerifier | null;
  dummyPassword: DummyPasswordCheck;
  uploadsDir: string;
  now: () => Date;
  /** Per-account limits across addresses, in the shared store (memory or Redis). */
  accountLimits: { login: AccountLimit; codeEntry: AccountLimit };
  /** Shared per-address limit for the routes that hash passwords (see RATE_LIMITS). */
  passwordHashingBudget: preHandlerAsyncHookHandler;
}

/** Sends a mail; a delivery failure is logged, never shown to the caller (they can ask again). */
export async function deliver(context: AppContext, mail: Mail, log: FastifyBaseLogger): Promise<void> {
  try {
    await context.mailer.send(mail);
  } catch (error) {
    log.error({ err: error, subject: mail.subject }, 'mail delivery failed');
  }
}
