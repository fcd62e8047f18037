import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { OneTimeCodes } from './accounts/one-time-codes';
import type { OwnerNetworks } from './accounts/owner-networks';
import type { SessionStore } from './accounts/session-store';
import type { UserStore } from './accounts/user-store';
import type { Config } from './config';
import type { AccountLimit } from './http/rate-limits';
import type { DatabaseHandle } from './db/connect';
import type { GameHealthStore } from './game-health/health-store';
import type { MailOutbox } from './mail/outbox';
import type { PlayData } from './play-data/play-data';
import type { CaptchaVerifier } from './security/captcha';
import type { DummyPasswordCheck } from './security/passwords';
import type { SigningKeyRing } from './security/signing-keys';
import type { TokenService } from './security/tokens';
import type { UploadStore } from './uploads/upload-store';

/** The services every route module is built from; assembled once in app.ts. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  users: UserStore;
  sessions: SessionStore;
  codes: OneTimeCodes;
  tokens: TokenService;
  /** The JWT keys every instance re-reads from the database (rotate-key adds one). */
  signingKeys: SigningKeyRing;
  /** Mail goes here, inside the transaction of the change that needs it (decision 0007 step 5). */
  mailOutbox: MailOutbox;
  /** null when RECAPTCHA_SECRET is not set: captcha tokens are then not checked. */
  captcha: CaptchaVerifier | null;
  dummyPassword: DummyPasswordCheck;
  /** Pictures: rows and files, quota, free-space floor, replaced pictures deleted. */
  uploads: UploadStore;
  now: () => Date;
  /** Per-account limits (per client network, or per account for code mails), in the shared store (memory or Redis). */
  accountLimits: {
    login: AccountLimit;
    codeEntry: AccountLimit;
    codeMails: AccountLimit;
    codeMailsPerNetwork: AccountLimit;
    codeMailsOwner: AccountLimit;
  };
  /** The network each account last proved itself from: its own allowance of code mails. */
  ownerNetworks: OwnerNetworks;
  /** The one Redis client (REDIS_URL), or null: limits then live in process memory. */
  redis: Redis | null;
  /** Shared per-address limit for the routes that hash passwords (see RATE_LIMITS). */
  passwordHashingBudget: preHandlerAsyncHookHandler;
  /** Play counts, likes and reports. */
  playData: PlayData;
  /** Each game's health as the link checker judged it (decision 0058). */
  gameHealth: GameHealthStore;
}
