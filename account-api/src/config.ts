import fs from 'node:fs';
import path from 'node:path';
import type { Setting } from 'shared-contracts/settings';
import { API_SETTINGS, type ApiSettingName } from './settings';
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

function switchFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true' || raw === 'on') return true;
  if (raw === '0' || raw === 'false' || raw === 'off') return false;
  throw new Error(`${name} must be 1 or 0, got "${env[name] ?? ''}"`);
}

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
export const isProductionEnv = (value: string | undefined): boolean => value?.trim().toLowerCase() === 'production';

/** Why this mail set-up must not start, or null. Checked by loadConfig and again by buildApp. */
export function mailConfigProblem(config: Pick<Config, 'production' | 'smtpUrl' | 'devOutbox'>): string | null {
  if (config.production && config.devOutbox)
    return "DEV_OUTBOX is refused when NODE_ENV=production: it would publish every player's codes. Unset DEV_OUTBOX.";
  if (config.production && !config.smtpUrl)
    return 'SMTP_URL must be set when NODE_ENV=production: without it no verification or reset mail can be delivered.';
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counters one in-memory limit store holds at most (RATE_LIMIT_MEMORY_KEYS): about 100 bytes each. */
export const DEFAULT_MEMORY_KEYS = Number(defaultOf('RATE_LIMIT_MEMORY_KEYS'));

/** Where `.data/` lives: next to src/ and dist/, whichever this file was loaded from. */
const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '.data');

/** A setting's default as its schema (settings.ts) declares it. */
function defaultOf(name: ApiSettingName): string {
  const setting: Setting = API_SETTINGS[name];
  if (setting.default === undefined) throw new Error(`${name} has no default in settings.ts`);
  return setting.default;
}

function intFrom(env: NodeJS.ProcessEnv, name: ApiSettingName, fallback: number = Number(defaultOf(name))): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** OWASP's minimum for scrypt: N=2^17, r=8, p=1. */
export const PASSWORD_HASH_COST = Number(defaultOf('PASSWORD_HASH_COST'));

/** PASSWORD_HASH_COST (log2 N) lets test runs hash faster; production never goes below the minimum. */
function passwordHashCostFrom(env: NodeJS.ProcessEnv, production: boolean): number {
  const cost = intFrom(env, 'PASSWORD_HASH_COST');
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

/** CORS_ORIGINS; `*` (the default) is for development: production names the site's origins. */
function corsOriginsFrom(env: NodeJS.ProcessEnv, production: boolean): string[] {
  const origins = (textFrom(env, 'CORS_ORIGINS') ?? defaultOf('CORS_ORIGINS'))
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  if (production && origins.includes('*'))
    throw new Error(
      "CORS_ORIGINS must list the site's origins when NODE_ENV=production (for example https://games.example.com); '*' is refused",
    );
  return origins;
}

const MIB = 1024 * 1024;

/** UPLOAD_QUOTA_BYTES must hold one picture of the largest size, or no one could ever upload one. */
function uploadSettingsFrom(env: NodeJS.ProcessEnv, maxBytes: number): UploadSettings {
  const quotaBytes = intFrom(env, 'UPLOAD_QUOTA_BYTES', 4 * maxBytes);
  if (quotaBytes < maxBytes)
    throw new Error(`UPLOAD_QUOTA_BYTES (${quotaBytes}) must be at least UPLOAD_MAX_BYTES (${maxBytes})`);
  return {
    quotaBytes,
    minFreeBytes: intFrom(env, 'UPLOAD_MIN_FREE_MB') * MIB,
    unsavedMs: intFrom(env, 'UPLOAD_UNSAVED_MINUTES') * 60 * 1000,
  };
}

/** UPLOADS_STORAGE and the bucket's settings; every S3_* name is read either way, used only with `s3`. */
function pictureStorageFrom(env: NodeJS.ProcessEnv): PictureStorageSettings {
  const driver = (textFrom(env, 'UPLOADS_STORAGE') ?? defaultOf('UPLOADS_STORAGE')).toLowerCase();
  const s3 = s3SettingsFrom(env, {
    driverSetting: 'UPLOADS_STORAGE',
    keeps: 'the pictures',
    driver,
    defaults: {
      region: defaultOf('S3_REGION'),
      keyPrefix: defaultOf('S3_KEY_PREFIX'),
      forcePathStyle: defaultOf('S3_FORCE_PATH_STYLE') === '1',
    },
    secret: (name) => secretFrom(env, name),
  });
  if (s3) return { driver: 's3', ...s3 };
  if (driver !== 'fs') throw new Error(`UPLOADS_STORAGE must be fs or s3, got "${env.UPLOADS_STORAGE ?? ''}"`);
  return { driver: 'fs' };
}

function textFrom(env: NodeJS.ProcessEnv, name: ApiSettingName | `${SecretSetting}_FILE`): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

/** Settings that carry a password or key: also read from a file named by `<NAME>_FILE`. */
export const SECRET_SETTINGS = [
  'JWT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'REDIS_SENTINEL_PASSWORD',
  'RECAPTCHA_SECRET',
  'REPORTS_TOKEN',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;
type SecretSetting = (typeof SECRET_SETTINGS)[number];

/**
 * `NAME` from the environment, or the content of the file `NAME_FILE` names (Docker and
 * Kubernetes secrets, systemd credentials), so a secret need not sit in the process environment
 * where every child process and crash dump sees it. One trailing newline is dropped; both set,
 * an unreadable or empty file stop start-up.
 */
function secretFrom(env: NodeJS.ProcessEnv, name: SecretSetting): string | null {
  const direct = textFrom(env, name);
  const file = textFrom(env, `${name}_FILE`);
  if (!file) return direct;
  if (direct) throw new Error(`Set ${name} or ${name}_FILE, not both`);
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${name}_FILE: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`);
  }
  const value = content.replace(/\r?\n$/, '').trim();
  if (value === '') throw new Error(`${name}_FILE: ${file} is empty`);
  return value;
}

export interface RedisSentinels {
  nodes: { host: string; port: number }[];
  name: string;
  password: string | null;
}

function redisSentinelsFrom(env: NodeJS.ProcessEnv): RedisSentinels | null {
  const raw = textFrom(env, 'REDIS_SENTINELS');
  const name = textFrom(env, 'REDIS_SENTINEL_NAME') ?? defaultOf('REDIS_SENTINEL_NAME');
  const password = secretFrom(env, 'REDIS_SENTINEL_PASSWORD');
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
  return { nodes, name, password };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = isProductionEnv(env.NODE_ENV);
  const jwtSecret = secretFrom(env, 'JWT_SECRET');
  if (production && !jwtSecret) throw new Error('JWT_SECRET (or JWT_SECRET_FILE) must be set when NODE_ENV=production');
  if (jwtSecret && jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const smtpUrl = secretFrom(env, 'SMTP_URL');
  const devOutbox = env.DEV_OUTBOX?.trim() === '1' || env.DEV_OUTBOX?.trim().toLowerCase() === 'true';
  const problem = mailConfigProblem({ production, smtpUrl, devOutbox });
  if (problem) throw new Error(problem);
  const redisUrl = secretFrom(env, 'REDIS_URL');
  // Limits in process memory are bounded and fail closed: one client could fill them and refuse
  // everyone. Production keeps them in Redis, which is also what several instances need.
  if (production && !redisUrl)
    throw new Error('REDIS_URL must be set when NODE_ENV=production: rate limits need a shared store that cannot be filled up.');
  const brandName = textFrom(env, 'BRAND_NAME') ?? defaultOf('BRAND_NAME');
  const uploadMaxBytes = intFrom(env, 'UPLOAD_MAX_BYTES');
  const dataDir = path.resolve(textFrom(env, 'DATA_DIR') ?? DEFAULT_DATA_DIR);
  const siteUrl = (textFrom(env, 'SITE_URL') ?? defaultOf('SITE_URL')).replace(/\/+$/, '');
  const corsOrigins = corsOriginsFrom(env, production);
  return {
    production,
    host: textFrom(env, 'HOST') ?? defaultOf('HOST'),
    port: intFrom(env, 'PORT'),
    dataDir,
    databaseUrl: secretFrom(env, 'DATABASE_URL'),
    databasePoolSize: intFrom(env, 'DATABASE_POOL_SIZE'),
    jwtSecret,
    accessTokenTtlSeconds: intFrom(env, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlSeconds: intFrom(env, 'REFRESH_TOKEN_TTL_SECONDS'),
    smtpUrl,
    mailFrom: textFrom(env, 'MAIL_FROM') ?? `${brandName} <no-reply@localhost>`,
    devOutbox,
    brandName,
    siteUrl,
    mail: {
      worker: env.MAIL_WORKER?.trim() !== '0',
      pollMs: intFrom(env, 'MAIL_POLL_MS'),
      retryBaseMs: intFrom(env, 'MAIL_RETRY_BASE_MS'),
      retryMaxMs: intFrom(env, 'MAIL_RETRY_MAX_MS'),
      maxAttempts: intFrom(env, 'MAIL_MAX_ATTEMPTS'),
      // Longer than any one try can take (twice the send deadline, 2 min at least).
      leaseMs: Math.max(2 * 60 * 1000, 2 * intFrom(env, 'MAIL_SEND_DEADLINE_SECONDS') * 1000),
      sentRetentionMs: intFrom(env, 'MAIL_SENT_RETENTION_HOURS') * 60 * 60 * 1000,
      sendDeadlineMs: intFrom(env, 'MAIL_SEND_DEADLINE_SECONDS') * 1000,
      stopTimeoutMs: intFrom(env, 'MAIL_STOP_TIMEOUT_SECONDS') * 1000,
    },
    corsOrigins,
    recaptchaSecret: secretFrom(env, 'RECAPTCHA_SECRET'),
    uploadMaxBytes,
    uploads: uploadSettingsFrom(env, uploadMaxBytes),
    pictureStorage: pictureStorageFrom(env),
    trustProxy: trustProxyFrom(env),
    logLevel: textFrom(env, 'LOG_LEVEL') ?? defaultOf('LOG_LEVEL'),
    redisUrl,
    redisSentinels: redisSentinelsFrom(env),
    redisKeyPrefix: textFrom(env, 'REDIS_KEY_PREFIX') ?? defaultOf('REDIS_KEY_PREFIX'),
    rateLimitMemoryKeys: intFrom(env, 'RATE_LIMIT_MEMORY_KEYS'),
    passwordHashCost: passwordHashCostFrom(env, production),
    retention: {
      purgeIntervalMs: intFrom(env, 'PURGE_INTERVAL_MINUTES') * 60 * 1000,
      sessionMaxAgeMs: intFrom(env, 'SESSION_MAX_AGE_DAYS') * DAY_MS,
      unverifiedAccountMs: intFrom(env, 'UNVERIFIED_ACCOUNT_DAYS') * DAY_MS,
    },
    operations: {
      shutdownDeadlineMs: intFrom(env, 'SHUTDOWN_DEADLINE_MS'),
      signingKeyRefreshMs: intFrom(env, 'SIGNING_KEY_REFRESH_SECONDS') * 1000,
      migrateAtStart: !production,
      backupDir: path.resolve(textFrom(env, 'BACKUP_DIR') ?? `${dataDir}-backups`),
    },
    playData: {
      rollupIntervalMs: intFrom(env, 'PLAY_ROLLUP_SECONDS') * 1000,
      statsCacheMs: intFrom(env, 'STATS_CACHE_SECONDS') * 1000,
      reportsToken: secretFrom(env, 'REPORTS_TOKEN'),
    },
    gameChecks: {
      enabled: switchFrom(env, 'GAME_CHECKS', production),
      intervalMs: intFrom(env, 'GAME_CHECK_INTERVAL_MINUTES', 15) * 60_000,
      failuresToHide: intFrom(env, 'GAME_CHECK_FAILURES', 3),
      timeoutMs: intFrom(env, 'GAME_CHECK_TIMEOUT_SECONDS', 10) * 1000,
      tickMs: intFrom(env, 'GAME_CHECK_TICK_SECONDS', 60) * 1000,
      reportThreshold: intFrom(env, 'GAME_CHECK_REPORT_THRESHOLD', 3),
      historyMs: intFrom(env, 'GAME_CHECK_HISTORY_DAYS', 30) * DAY_MS,
      siteOrigins: siteOriginsFrom(siteUrl, corsOrigins),
      userAgent: `${brandName}-game-check/1 (+${siteUrl})`,
      rewrite: originRewriteFrom(textFrom(env, 'GAME_CHECK_REWRITE'), production),
    },
  };
}
