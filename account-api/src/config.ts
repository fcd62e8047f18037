import path from 'node:path';

/** Everything the server reads from the environment, parsed once and typed. */
export interface Config {
  production: boolean;
  host: string;
  port: number;
  /** Folder for the SQLite file, the uploads and the dev JWT secret. */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  databaseUrl: string | null;
  /** HS256 secret for access and refresh tokens; null means "generate and keep one in dataDir". */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** nodemailer SMTP URL; required in production. Without it the dev outbox (if on) takes the mail. */
  smtpUrl: string | null;
  mailFrom: string;
  /** `DEV_OUTBOX=1`: GET /__dev/outbox shows every queued mail with its code. Never in production. */
  devOutbox: boolean;
  /** The brand named in mails. */
  brandName: string;
  /** The player-facing site, linked from every mail (activation link, sign-in). */
  siteUrl: string;
  /** The delivery worker's timing (decision 0023); tests shorten it. */
  mail: MailSettings;
  /** Allowed browser origins; ['*'] allows any (tokens travel in a header, not a cookie). */
  corsOrigins: string[];
  /** reCAPTCHA secret; when absent captcha tokens are not checked. */
  recaptchaSecret: string | null;
  uploadMaxBytes: number;
  /**
   * Which proxies may set X-Forwarded-For: a hop count (TRUST_PROXY_HOPS) or a list of proxy
   * addresses/CIDRs (TRUST_PROXIES); false trusts nobody. Never `true` (every hop), which would
   * let a client choose its own address.
   */
  trustProxy: number | string[] | false;
  logLevel: string;
  /** Redis for the rate limits (per address and per account); null keeps them in process memory. */
  redisUrl: string | null;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Play counts, likes and reports. */
  playData: PlayDataSettings;
  /** scrypt cost (log2 N, r=8, p=1): 17 = OWASP's minimum; only tests go lower (never in production). */
  passwordHashCost: number;
}

export interface PlayDataSettings {
  /** How often counted plays move from Redis into the database (what a lost Redis can lose at most). */
  rollupIntervalMs: number;
  /** How long one instance reuses a computed stats snapshot. */
  statsCacheMs: number;
  /** Bearer token of the read-only `GET /api/reports`; null leaves the route off. */
  reportsToken: string | null;
}

export interface MailSettings {
  /** Run the delivery worker in this process (`MAIL_WORKER=0`: this instance only queues). */
  worker: boolean;
  /** How often the worker looks for due mail. */
  pollMs: number;
  /** First retry after about this long; doubled per try, with jitter. */
  retryBaseMs: number;
  /** Longest wait between two tries. */
  retryMaxMs: number;
  /** Tries before a mail goes dead (dead-letter). */
  maxAttempts: number;
  /** A claimed mail is not retried by another worker for this long (longer than any SMTP timeout). */
  leaseMs: number;
  /** Sent mail is kept this long, then purged. */
  sentRetentionMs: number;
}

/** Any capitalisation counts: `Production` must not switch production safeguards off. */
export const isProductionEnv = (value: string | undefined): boolean => value?.trim().toLowerCase() === 'production';

/** Why this mail set-up must not start, or null. Checked by loadConfig and again by buildApp. */
export function mailConfigProblem(config: Pick<Config, 'production' | 'smtpUrl' | 'devOutbox'>): string | null {
  if (config.production && config.devOutbox)
    return "DEV_OUTBOX is refused when NODE_ENV=production: it would publish every player's codes. Unset DEV_OUTBOX.";
  if (config.production && !config.smtpUrl)
    return 'SMTP_URL must be set when NODE_ENV=production: without it no verification or reset mail can be delivered.';
  return null;
}

/** Where `.data/` lives: next to src/ and dist/, whichever this file was loaded from. */
const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '.data');

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** OWASP's minimum for scrypt: N=2^17, r=8, p=1. */
export const PASSWORD_HASH_COST = 17;

/** PASSWORD_HASH_COST (log2 N) lets test runs hash faster; production never goes below the minimum. */
function passwordHashCostFrom(env: NodeJS.ProcessEnv, production: boolean): number {
  const cost = intFrom(env, 'PASSWORD_HASH_COST', PASSWORD_HASH_COST);
  if (cost < 10 || cost > 20) throw new Error(`PASSWORD_HASH_COST must be 10-20 (log2 of scrypt's N), got ${cost}`);
  if (production && cost < PASSWORD_HASH_COST)
    throw new Error(`PASSWORD_HASH_COST below ${PASSWORD_HASH_COST} is for tests only and refused with NODE_ENV=production`);
  return cost;
}

/** TRUST_PROXY_HOPS or TRUST_PROXIES, not both; the old boolean TRUST_PROXY is refused with a pointer. */
function trustProxyFrom(env: NodeJS.ProcessEnv): number | string[] | false {
  if (env.TRUST_PROXY !== undefined && env.TRUST_PROXY.trim() !== '') {
    throw new Error(
      'TRUST_PROXY is no longer read: set TRUST_PROXY_HOPS to the number of proxies in front of the API, or TRUST_PROXIES to their addresses/CIDRs',
    );
  }
  const hopsRaw = env.TRUST_PROXY_HOPS?.trim() ?? '';
  const proxies = (env.TRUST_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (hopsRaw !== '' && proxies.length > 0) throw new Error('Set TRUST_PROXY_HOPS or TRUST_PROXIES, not both');
  if (proxies.length > 0) {
    for (const entry of proxies) {
      if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry)) throw new Error(`TRUST_PROXIES: "${entry}" is not an IP address or CIDR`);
    }
    return proxies;
  }
  if (hopsRaw === '') return false;
  const hops = Number(hopsRaw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`TRUST_PROXY_HOPS must be a whole number 0-10, got "${hopsRaw}"`);
  return hops === 0 ? false : hops;
}

function textFrom(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = isProductionEnv(env.NODE_ENV);
  const jwtSecret = textFrom(env, 'JWT_SECRET');
  if (production && !jwtSecret) throw new Error('JWT_SECRET must be set when NODE_ENV=production');
  if (jwtSecret && jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const smtpUrl = textFrom(env, 'SMTP_URL');
  const devOutbox = env.DEV_OUTBOX?.trim() === '1' || env.DEV_OUTBOX?.trim().toLowerCase() === 'true';
  const problem = mailConfigProblem({ production, smtpUrl, devOutbox });
  if (problem) throw new Error(problem);
  const brandName = textFrom(env, 'BRAND_NAME') ?? 'PlayVerse';
  return {
    production,
    host: textFrom(env, 'HOST') ?? 'localhost',
    port: intFrom(env, 'PORT', 8000),
    dataDir: path.resolve(textFrom(env, 'DATA_DIR') ?? DEFAULT_DATA_DIR),
    databaseUrl: textFrom(env, 'DATABASE_URL'),
    jwtSecret,
    accessTokenTtlSeconds: intFrom(env, 'ACCESS_TOKEN_TTL_SECONDS', 60 * 60),
    refreshTokenTtlSeconds: intFrom(env, 'REFRESH_TOKEN_TTL_SECONDS', 14 * 24 * 60 * 60),
    smtpUrl,
    mailFrom: textFrom(env, 'MAIL_FROM') ?? `${brandName} <no-reply@localhost>`,
    devOutbox,
    brandName,
    siteUrl: (textFrom(env, 'SITE_URL') ?? 'http://localhost:8080').replace(/\/+$/, ''),
    mail: {
      worker: env.MAIL_WORKER?.trim() !== '0',
      pollMs: intFrom(env, 'MAIL_POLL_MS', 1000),
      retryBaseMs: intFrom(env, 'MAIL_RETRY_BASE_MS', 30_000),
      retryMaxMs: intFrom(env, 'MAIL_RETRY_MAX_MS', 60 * 60 * 1000),
      maxAttempts: intFrom(env, 'MAIL_MAX_ATTEMPTS', 10),
      leaseMs: 2 * 60 * 1000,
      sentRetentionMs: intFrom(env, 'MAIL_SENT_RETENTION_HOURS', 7 * 24) * 60 * 60 * 1000,
    },
    corsOrigins: (textFrom(env, 'CORS_ORIGINS') ?? '*')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    recaptchaSecret: textFrom(env, 'RECAPTCHA_SECRET'),
    uploadMaxBytes: intFrom(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024),
    trustProxy: trustProxyFrom(env),
    logLevel: textFrom(env, 'LOG_LEVEL') ?? 'info',
    redisUrl: textFrom(env, 'REDIS_URL'),
    redisKeyPrefix: textFrom(env, 'REDIS_KEY_PREFIX') ?? 'account-api:',
    passwordHashCost: passwordHashCostFrom(env, production),
    playData: {
      rollupIntervalMs: intFrom(env, 'PLAY_ROLLUP_SECONDS', 30) * 1000,
      statsCacheMs: intFrom(env, 'STATS_CACHE_SECONDS', 5) * 1000,
      reportsToken: textFrom(env, 'REPORTS_TOKEN'),
    },
  };
}
