import path from 'node:path';
import { readSettings, type SettingValues } from '@portal/service-settings';
import { TRACING_SETTINGS } from '@portal/service-tracing/settings';
import { API_SETTINGS } from './settings';
import { s3SettingsFrom, type S3StorageSettings } from './storage/s3-client';

/** Everything the server reads from the environment, parsed once and typed. */
export interface Config {
  production: boolean;
  host: string;
  port: number;
  /** Folder for the SQLite file, the uploads and the dev JWT secret. */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  databaseUrl: string | null;
  /** Connections each instance's PostgreSQL pool may open (instances × this must stay under the server's max_connections). */
  databasePoolSize: number;
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
  /** Quota, free-space floor and clean-up of pictures (decision 0036 §4). */
  uploads: UploadSettings;
  /** Where the pictures' bytes live (decision 0061). */
  pictureStorage: PictureStorageSettings;
  /**
   * Which proxies may set X-Forwarded-For: a hop count (TRUST_PROXY_HOPS) or a list of proxy
   * addresses/CIDRs (TRUST_PROXIES); false trusts nobody. Never `true` (every hop), which would
   * let a client choose its own address.
   */
  trustProxy: number | string[] | false;
  logLevel: string;
  /** Redis for the rate limits (per address and per account); null keeps them in process memory. */
  redisUrl: string | null;
  /** Sentinels to ask for the Redis primary (REDIS_SENTINELS); null connects to REDIS_URL's host. */
  redisSentinels: RedisSentinels | null;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Without Redis: counters one in-memory limit store holds before it refuses new keys (fail closed). */
  rateLimitMemoryKeys: number;
  /** Play counts, likes and reports. */
  playData: PlayDataSettings;
  /** scrypt cost (log2 N, r=8, p=1): 17 = OWASP's minimum; only tests go lower (never in production). */
  passwordHashCost: number;
  /** How long stale data is kept, and how often it is purged (decision 0036). */
  retention: RetentionSettings;
  /** Operations: shutdown, signing keys, migrations. */
  operations: OperationsSettings;
  /** The game link checker (decision 0058). */
  gameChecks: GameCheckSettings;
}

export interface GameCheckSettings {
  /** Run the checker (GAME_CHECKS): on in production, off elsewhere unless asked for. */
  enabled: boolean;
  /** A full round this often (GAME_CHECK_INTERVAL_MINUTES, default 15). */
  intervalMs: number;
  /** Failed checks in a row that hide a game (GAME_CHECK_FAILURES, default 3). */
  failuresToHide: number;
  /** One check's longest wait for the host's answer (GAME_CHECK_TIMEOUT_SECONDS, default 10). */
  timeoutMs: number;
  /** How often each instance asks for the lead and whether a round is due (GAME_CHECK_TICK_SECONDS, default 60). */
  tickMs: number;
  /** Distinct devices reporting one game within a day that make the checker look at once (GAME_CHECK_REPORT_THRESHOLD, default 3). */
  reportThreshold: number;
  /** Checks older than this are purged (GAME_CHECK_HISTORY_DAYS, default 30). */
  historyMs: number;
  /** The site's origins a game must let frame it: SITE_URL's and CORS_ORIGINS'. */
  siteOrigins: string[];
  userAgent: string;
  /**
   * GAME_CHECK_REWRITE (`https://host=http://127.0.0.1:9999,…`, never in production): links on an
   * origin are fetched from another, so tests can put local stand-in hosts behind the real links.
   */
  rewrite?: ((link: string) => string) | undefined;
}

export interface RetentionSettings {
  /** How often the purge job runs. */
  purgeIntervalMs: number;
  /** Absolute session lifetime from sign-in: refreshing does not extend it. */
  sessionMaxAgeMs: number;
  /** Accounts never verified are deleted this long after sign-up. */
  unverifiedAccountMs: number;
}

export interface UploadSettings {
  /** Bytes of pictures one account may keep: its picture plus uploads not (yet) saved. */
  quotaBytes: number;
  /** Uploads are refused while the disk holding them has less than this free. */
  minFreeBytes: number;
  /** An upload not saved as the picture within this long may no longer be saved and is purged. */
  unsavedMs: number;
}

export type { S3StorageSettings } from './storage/s3-client';

export type PictureStorageSettings = { driver: 'fs' } | ({ driver: 's3' } & S3StorageSettings);

export interface OperationsSettings {
  /** SIGTERM/SIGINT: longest wait for requests in flight and pools to close before exiting anyway. */
  shutdownDeadlineMs: number;
  /** How often every instance re-reads the signing keys (a rotation reaches it within this). */
  signingKeyRefreshMs: number;
  /** Apply pending migrations at start-up (development); false: refuse to start while any is pending (production). */
  migrateAtStart: boolean;
  /** Where `npm run backup` writes its folders (BACKUP_DIR; default: DATA_DIR + `-backups`, beside it). */
  backupDir: string;
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
  /** Total time one mail may take over SMTP before its connection is dropped and the try counts as failed. */
  sendDeadlineMs: number;
  /** Longest the worker's stop() waits for the mail in hand before it aborts it. */
  stopTimeoutMs: number;
}

/** What loadConfig reads: every setting but the tracing ones, which tracing reads before the config. */
const CONFIG_SETTINGS = Object.fromEntries(Object.entries(API_SETTINGS).filter(([name]) => !(name in TRACING_SETTINGS))) as Omit<
  typeof API_SETTINGS,
  keyof typeof TRACING_SETTINGS
>;
/** The settings as read from the environment, typed by their schema. */
export type Settings = SettingValues<typeof CONFIG_SETTINGS>;

function originRewriteFrom(raw: string | null, production: boolean): ((link: string) => string) | undefined {
  if (!raw) return undefined;
  if (production) throw new Error('GAME_CHECK_REWRITE is for tests only and refused with NODE_ENV=production');
  const pairs = raw.split(',').map((pair) => {
    const [from = '', to = ''] = pair.split('=').map((part) => part.trim());
    if (!URL.canParse(from) || !URL.canParse(to)) throw new Error(`GAME_CHECK_REWRITE: "${pair}" is not origin=origin`);
    return [new URL(from).origin, new URL(to).origin] as const;
  });
  return (link) => {
    if (!URL.canParse(link)) return link;
    const url = new URL(link);
    const target = pairs.find(([from]) => from === url.origin)?.[1];
    return target ? `${target}${url.pathname}${url.search}` : link;
  };
}

/** The site's origins a framed game must allow: SITE_URL's and each listed CORS origin. */
function siteOriginsFrom(siteUrl: string, corsOrigins: readonly string[]): string[] {
  const origins = [siteUrl, ...corsOrigins]
    .filter((origin) => origin !== '*' && URL.canParse(origin))
    .map((origin) => new URL(origin).origin);
  return [...new Set(origins)];
}

/** Any capitalisation counts: `Production` must not switch production safeguards off. */
export const isProductionEnv = (value: string | null | undefined): boolean => value?.trim().toLowerCase() === 'production';

/** Why this mail set-up must not start, or null. Checked by loadConfig and again by buildApp. */
export function mailConfigProblem(config: Pick<Config, 'production' | 'smtpUrl' | 'devOutbox'>): string | null {
  if (config.production && config.devOutbox)
    return "DEV_OUTBOX is refused when NODE_ENV=production: it would publish every player's codes. Unset DEV_OUTBOX.";
  if (config.production && !config.smtpUrl)
    return 'SMTP_URL must be set when NODE_ENV=production: without it no verification or reset mail can be delivered.';
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MIB = 1024 * 1024;

/** Counters one in-memory limit store holds at most (RATE_LIMIT_MEMORY_KEYS): about 100 bytes each. */
export const DEFAULT_MEMORY_KEYS = Number(API_SETTINGS.RATE_LIMIT_MEMORY_KEYS.default);

/** OWASP's minimum for scrypt: N=2^17, r=8, p=1. */
export const PASSWORD_HASH_COST = Number(API_SETTINGS.PASSWORD_HASH_COST.default);

/** Where `.data/` lives: next to src/ and dist/, whichever this file was loaded from. */
const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '.data');

/** Settings that carry a password or key: also read from a file named by `<NAME>_FILE`. */
export const SECRET_SETTINGS = Object.entries(CONFIG_SETTINGS)
  .filter(([, setting]) => 'secret' in setting)
  .map(([name]) => name);

/** TRUST_PROXY_HOPS or TRUST_PROXIES, not both; the old boolean TRUST_PROXY is refused with a pointer. */
function trustProxyFrom(env: NodeJS.ProcessEnv, settings: Settings): number | string[] | false {
  if (env.TRUST_PROXY !== undefined && env.TRUST_PROXY.trim() !== '') {
    throw new Error(
      'TRUST_PROXY is no longer read: set TRUST_PROXY_HOPS to the number of proxies in front of the API, or TRUST_PROXIES to their addresses/CIDRs',
    );
  }
  const hops = settings.TRUST_PROXY_HOPS;
  const proxies = settings.TRUST_PROXIES ?? [];
  if (hops > 0 && proxies.length > 0) throw new Error('Set TRUST_PROXY_HOPS or TRUST_PROXIES, not both');
  if (proxies.length > 0) {
    for (const entry of proxies) {
      if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry)) throw new Error(`TRUST_PROXIES: "${entry}" is not an IP address or CIDR`);
    }
    return proxies;
  }
  return hops === 0 ? false : hops;
}

/** UPLOADS_STORAGE and the bucket's settings (storage/s3-client.ts checks them, for the release service's files too). */
function pictureStorageFrom(settings: Settings): PictureStorageSettings {
  const s3 = s3SettingsFrom(settings, {
    driverSetting: 'UPLOADS_STORAGE',
    keeps: 'the pictures',
    driver: settings.UPLOADS_STORAGE,
  });
  return s3 ? { driver: 's3', ...s3 } : { driver: 'fs' };
}

export interface RedisSentinels {
  nodes: { host: string; port: number }[];
  name: string;
  password: string | null;
}

function redisSentinelsFrom(settings: Settings): RedisSentinels | null {
  const raw = settings.REDIS_SENTINELS;
  if (!raw) return null;
  const nodes = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(?:\[(?<ipv6>[0-9a-fA-F:]+)\]|(?<name>[^:\s]+)):(?<port>\d{1,5})$/.exec(entry)?.groups;
      const host = match?.ipv6 ?? match?.name;
      const port = Number(match?.port);
      if (!host || port < 1 || port > 65535) throw new Error(`REDIS_SENTINELS must list host:port entries, got "${entry}"`);
      return { host, port };
    });
  if (nodes.length === 0) throw new Error(`REDIS_SENTINELS must list host:port entries, got "${raw}"`);
  return { nodes, name: settings.REDIS_SENTINEL_NAME, password: settings.REDIS_SENTINEL_PASSWORD };
}

/**
 * The production rules that span settings: each refusal names the setting to change. Checked
 * before anything else is made of the settings.
 */
function refuseInProduction(settings: Settings, production: boolean): void {
  const jwtSecret = settings.JWT_SECRET;
  if (production && !jwtSecret) throw new Error('JWT_SECRET (or JWT_SECRET_FILE) must be set when NODE_ENV=production');
  if (jwtSecret && jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const problem = mailConfigProblem({ production, smtpUrl: settings.SMTP_URL, devOutbox: settings.DEV_OUTBOX ?? false });
  if (problem) throw new Error(problem);
  // Limits in process memory are bounded and fail closed: one client could fill them and refuse
  // everyone. Production keeps them in Redis, which is also what several instances need.
  if (production && !settings.REDIS_URL)
    throw new Error('REDIS_URL must be set when NODE_ENV=production: rate limits need a shared store that cannot be filled up.');
  // `*` (the default) is for development: production names the site's origins.
  if (production && settings.CORS_ORIGINS.includes('*'))
    throw new Error(
      "CORS_ORIGINS must list the site's origins when NODE_ENV=production (for example https://games.example.com); '*' is refused",
    );
  // PASSWORD_HASH_COST (log2 N) lets test runs hash faster; production never goes below the minimum.
  if (production && settings.PASSWORD_HASH_COST < PASSWORD_HASH_COST)
    throw new Error(`PASSWORD_HASH_COST below ${PASSWORD_HASH_COST} is for tests only and refused with NODE_ENV=production`);
  // UPLOAD_QUOTA_BYTES must hold one picture of the largest size, or no one could ever upload one.
  const quotaBytes = settings.UPLOAD_QUOTA_BYTES;
  if (quotaBytes !== null && quotaBytes < settings.UPLOAD_MAX_BYTES)
    throw new Error(`UPLOAD_QUOTA_BYTES (${quotaBytes}) must be at least UPLOAD_MAX_BYTES (${settings.UPLOAD_MAX_BYTES})`);
}

/** The settings (settings.ts) read from the environment, checked, and shaped for the services. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = readSettings(env, CONFIG_SETTINGS);
  const production = isProductionEnv(settings.NODE_ENV);
  refuseInProduction(settings, production);
  const brandName = settings.BRAND_NAME;
  const dataDir = path.resolve(settings.DATA_DIR ?? DEFAULT_DATA_DIR);
  const siteUrl = settings.SITE_URL.replace(/\/+$/, '');
  const corsOrigins = settings.CORS_ORIGINS;
  const sendDeadlineMs = settings.MAIL_SEND_DEADLINE_SECONDS * 1000;
  return {
    production,
    host: settings.HOST,
    port: settings.PORT,
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    jwtSecret: settings.JWT_SECRET,
    accessTokenTtlSeconds: settings.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: settings.REFRESH_TOKEN_TTL_SECONDS,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM ?? `${brandName} <no-reply@localhost>`,
    devOutbox: settings.DEV_OUTBOX ?? false,
    brandName,
    siteUrl,
    mail: {
      worker: settings.MAIL_WORKER,
      pollMs: settings.MAIL_POLL_MS,
      retryBaseMs: settings.MAIL_RETRY_BASE_MS,
      retryMaxMs: settings.MAIL_RETRY_MAX_MS,
      maxAttempts: settings.MAIL_MAX_ATTEMPTS,
      // Longer than any one try can take (twice the send deadline, 2 min at least).
      leaseMs: Math.max(2 * 60 * 1000, 2 * sendDeadlineMs),
      sentRetentionMs: settings.MAIL_SENT_RETENTION_HOURS * 60 * 60 * 1000,
      sendDeadlineMs,
      stopTimeoutMs: settings.MAIL_STOP_TIMEOUT_SECONDS * 1000,
    },
    corsOrigins,
    recaptchaSecret: settings.RECAPTCHA_SECRET,
    uploadMaxBytes: settings.UPLOAD_MAX_BYTES,
    uploads: {
      quotaBytes: settings.UPLOAD_QUOTA_BYTES ?? 4 * settings.UPLOAD_MAX_BYTES,
      minFreeBytes: settings.UPLOAD_MIN_FREE_MB * MIB,
      unsavedMs: settings.UPLOAD_UNSAVED_MINUTES * 60 * 1000,
    },
    pictureStorage: pictureStorageFrom(settings),
    trustProxy: trustProxyFrom(env, settings),
    logLevel: settings.LOG_LEVEL,
    redisUrl: settings.REDIS_URL,
    redisSentinels: redisSentinelsFrom(settings),
    redisKeyPrefix: settings.REDIS_KEY_PREFIX,
    rateLimitMemoryKeys: settings.RATE_LIMIT_MEMORY_KEYS,
    passwordHashCost: settings.PASSWORD_HASH_COST,
    retention: {
      purgeIntervalMs: settings.PURGE_INTERVAL_MINUTES * 60 * 1000,
      sessionMaxAgeMs: settings.SESSION_MAX_AGE_DAYS * DAY_MS,
      unverifiedAccountMs: settings.UNVERIFIED_ACCOUNT_DAYS * DAY_MS,
    },
    operations: {
      shutdownDeadlineMs: settings.SHUTDOWN_DEADLINE_MS,
      signingKeyRefreshMs: settings.SIGNING_KEY_REFRESH_SECONDS * 1000,
      migrateAtStart: !production,
      backupDir: path.resolve(settings.BACKUP_DIR ?? `${dataDir}-backups`),
    },
    playData: {
      rollupIntervalMs: settings.PLAY_ROLLUP_SECONDS * 1000,
      statsCacheMs: settings.STATS_CACHE_SECONDS * 1000,
      reportsToken: settings.REPORTS_TOKEN,
    },
    gameChecks: {
      enabled: settings.GAME_CHECKS ?? production,
      intervalMs: settings.GAME_CHECK_INTERVAL_MINUTES * 60_000,
      failuresToHide: settings.GAME_CHECK_FAILURES,
      timeoutMs: settings.GAME_CHECK_TIMEOUT_SECONDS * 1000,
      tickMs: settings.GAME_CHECK_TICK_SECONDS * 1000,
      reportThreshold: settings.GAME_CHECK_REPORT_THRESHOLD,
      historyMs: settings.GAME_CHECK_HISTORY_DAYS * DAY_MS,
      siteOrigins: siteOriginsFrom(siteUrl, corsOrigins),
      userAgent: `${brandName}-game-check/1 (+${siteUrl})`,
      rewrite: originRewriteFrom(settings.GAME_CHECK_REWRITE, production),
    },
  };
}
