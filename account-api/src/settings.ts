// Every environment setting of the account API: the one source of what config.ts reads (through
// the services' shared reader, @portal/service-settings: each name, its kind and its default), of docs/settings.md and of
// account-api/.env.example (scripts/settings/generate.mjs). A test checks that loadConfig reads
// exactly these names. Only erasable TypeScript here: the generator imports this file with Node's
// own type stripping.
import type { ServiceSettingsSchema } from '@portal/service-settings';
import { TRACING_SETTINGS } from '@portal/service-tracing/settings';

export const API_SETTINGS = {
  NODE_ENV: {
    doc: '`production` turns on every production safeguard below (any capitalisation counts).',
    example: 'production',
  },
  HOST: {
    doc: 'Address to listen on.',
    default: 'localhost',
    production: '`0.0.0.0` in a container, behind the proxy; loopback on one host.',
  },
  PORT: { kind: 'integer', doc: 'Port to listen on.', default: '8000' },
  DATA_DIR: {
    doc: 'Folder of the SQLite file `account.sqlite`, the uploaded pictures (`uploads/`, with `UPLOADS_STORAGE=fs`) and, without `JWT_SECRET`, the generated `server-secret`. With any of these, every instance must see the same folder.',
    defaultNote: '`account-api/.data`',
    production: 'A shared volume, backed up.',
    example: '/var/lib/portal/account-api',
  },
  DATABASE_URL: {
    doc: '`postgres://…`: PostgreSQL instead of the embedded SQLite file.',
    secret: true,
    production: 'Set with two or more instances (SQLite is one instance on one machine).',
    example: 'postgres://…',
  },
  DATABASE_POOL_SIZE: {
    kind: 'integer',
    doc: "Connections each instance's PostgreSQL pool may open: keep instances × this below the server's `max_connections` (or a PgBouncer's pool).",
    default: '10',
  },
  JWT_SECRET: {
    doc: 'Master secret of the access and refresh tokens and of the stored signing keys (at least 32 characters; `openssl rand -base64 48`).',
    defaultNote: 'generated into `DATA_DIR`',
    secret: true,
    requiredInProduction: true,
  },
  ACCESS_TOKEN_TTL_SECONDS: { kind: 'integer', doc: 'Access token lifetime.', default: '3600' },
  REFRESH_TOKEN_TTL_SECONDS: { kind: 'integer', doc: 'Refresh token lifetime (14 days).', default: '1209600' },
  SMTP_URL: {
    doc: 'nodemailer URL of the SMTP relay that delivers the queued mail (`smtps://user:pass@host:465`).',
    secret: true,
    requiredInProduction: true,
  },
  MAIL_FROM: {
    doc: 'Sender of every mail.',
    defaultNote: '`BRAND_NAME <no-reply@localhost>`',
    production: 'An address your relay may send as.',
    example: 'PlayVerse <no-reply@games.example.com>',
  },
  DEV_OUTBOX: {
    kind: 'switch',
    doc: '`1`: `GET /__dev/outbox` shows every queued mail with its code (development and tests only).',
    production: "Refused: it would publish every player's codes.",
  },
  BRAND_NAME: { doc: 'The brand named in mails.', default: 'PlayVerse' },
  SITE_URL: {
    doc: 'The site players open, linked from every mail (activation link, sign-in).',
    default: 'http://localhost:8080',
    production: 'The public https site.',
    example: 'https://games.example.com',
  },
  CORS_ORIGINS: {
    kind: 'list',
    doc: 'Comma-separated browser origins allowed to call the API.',
    default: '*',
    requiredInProduction: true,
    production: "`*` is refused: list the site's https origins.",
    example: 'https://games.example.com',
  },
  RECAPTCHA_SECRET: {
    doc: 'When set, `captcha_token` is checked with Google on sign-up and sign-in (the matching `recaptchaSiteKey` goes in `config.json`).',
    secret: true,
    production: 'Recommended.',
  },
  UPLOAD_MAX_BYTES: { kind: 'integer', doc: 'Largest picture accepted.', default: '5242880' },
  UPLOAD_QUOTA_BYTES: {
    kind: 'integer',
    doc: 'Bytes of pictures one account keeps (its picture plus uploads not saved yet); past it uploads answer 507. At least `UPLOAD_MAX_BYTES`.',
    defaultNote: '4 × `UPLOAD_MAX_BYTES`',
  },
  UPLOAD_MIN_FREE_MB: {
    kind: 'integer',
    doc: 'Uploads answer 507 while the disk holding `DATA_DIR/uploads` has less free space than this (`UPLOADS_STORAGE=fs`; a bucket has no such floor).',
    default: '1024',
  },
  UPLOAD_UNSAVED_MINUTES: {
    kind: 'integer',
    doc: 'An upload not saved as the picture within this long can no longer be saved, and is purged.',
    default: '60',
  },
  UPLOADS_STORAGE: {
    kind: 'choice',
    choices: ['fs', 's3'],
    doc: 'Where pictures are kept (decision 0061): `fs` in `DATA_DIR/uploads` (one host’s disk), `s3` in the bucket `S3_BUCKET` of an S3-compatible service, which every instance shares. The API serves both at `/uploads/<name>`.',
    default: 'fs',
    production: '`s3` with two or more instances (no instance shares a disk).',
    example: 's3',
  },
  S3_ENDPOINT: {
    doc: 'With `UPLOADS_STORAGE=s3`: URL of an S3-compatible service (MinIO, Ceph, R2, …); unset: AWS S3 in `S3_REGION`.',
    example: 'https://s3.eu-west-1.amazonaws.com',
  },
  S3_REGION: { doc: "The bucket's region (services without regions accept the default).", default: 'us-east-1' },
  S3_BUCKET: {
    doc: 'With `UPLOADS_STORAGE=s3`: the bucket that keeps the pictures; it must exist (checked at start-up). It stays private: the API serves the pictures.',
    example: 'portal-pictures',
  },
  S3_KEY_PREFIX: { emptyAllowed: true, doc: "Prefix of every picture's key in the bucket.", default: 'uploads/' },
  S3_FORCE_PATH_STYLE: {
    kind: 'switch',
    doc: '`1`: address the bucket as `<endpoint>/<bucket>/<key>` (MinIO and most self-hosted services); `0`: as `<bucket>.<endpoint>/<key>`.',
    default: '0',
  },
  S3_ACCESS_KEY_ID: {
    doc: "With `UPLOADS_STORAGE=s3`: the access key (with `S3_SECRET_ACCESS_KEY`); unset, the AWS SDK's own chain (instance role, Kubernetes web identity).",
    secret: true,
  },
  S3_SECRET_ACCESS_KEY: { doc: 'The secret of `S3_ACCESS_KEY_ID`.', secret: true },
  TRUST_PROXY: { doc: 'No longer read: refused at start-up with a pointer to the two settings below.', retired: true },
  TRUST_PROXY_HOPS: {
    kind: 'integer',
    min: 0,
    max: 10,
    doc: 'Number of reverse proxies in front of the API; the address that many hops from the socket is the client (only if clients cannot reach the API directly).',
    default: '0',
    production: '`1` behind nginx or an ingress (or use `TRUST_PROXIES`).',
    example: '1',
  },
  TRUST_PROXIES: {
    kind: 'list',
    doc: 'Instead of hops: comma-separated proxy addresses/CIDRs whose `X-Forwarded-For` is believed. Not with `TRUST_PROXY_HOPS`.',
  },
  GAME_CHECKS: {
    kind: 'switch',
    doc: 'The game link checker (decision 0058): `1` runs it (`GAME_CHECKS=1 npm start`), `0` switches it off.',
    defaultNote: 'on in production, else off',
  },
  GAME_CHECK_INTERVAL_MINUTES: {
    kind: 'integer',
    doc: 'A full round of checks this often (one GET per game: 65 games = 260 requests an hour).',
    default: '15',
  },
  GAME_CHECK_FAILURES: {
    kind: 'integer',
    doc: 'Failed checks in a row that mark a game unavailable; one passing check makes it available again.',
    default: '3',
  },
  GAME_CHECK_TIMEOUT_SECONDS: { kind: 'integer', doc: "One check waits this long for the host's answer.", default: '10' },
  GAME_CHECK_REPORT_THRESHOLD: {
    kind: 'integer',
    doc: 'Devices reporting one game within 24 h that make the checker look at once.',
    default: '3',
  },
  GAME_CHECK_HISTORY_DAYS: { kind: 'integer', doc: 'Checks kept in the history.', default: '30' },
  GAME_CHECK_TICK_SECONDS: {
    kind: 'integer',
    doc: "How often each instance renews or asks for the checker's lease.",
    default: '60',
  },
  GAME_CHECK_REWRITE: {
    doc: "Tests only: `https://host=http://127.0.0.1:port,…` fetches a link's origin from a local stand-in.",
    production: 'Refused.',
  },
  ...TRACING_SETTINGS,
  REDIS_URL: {
    doc: '`redis://host:6379`: rate limits (and play counts) in Redis, shared by the instances; without it, bounded process memory.',
    secret: true,
    requiredInProduction: true,
  },
  REDIS_SENTINELS: {
    doc: '`host:port,host:port` of Redis Sentinels: the API asks them for the primary named `REDIS_SENTINEL_NAME` and follows a failover. `REDIS_URL` then gives only the password and database; its host is not used.',
    example: 'sentinel-0.redis:26379,sentinel-1.redis:26379',
  },
  REDIS_SENTINEL_NAME: { doc: 'The primary the Sentinels watch (their `sentinel monitor <name>`).', default: 'mymaster' },
  REDIS_SENTINEL_PASSWORD: { doc: "The Sentinels' own password, when they require one.", secret: true },
  REDIS_KEY_PREFIX: { doc: 'Prefix of every Redis key (several deployments on one Redis).', default: 'account-api:' },
  RATE_LIMIT_MEMORY_KEYS: {
    kind: 'integer',
    doc: 'Without Redis: live counters per in-memory limit store; when full, new keys get 503 (fail closed).',
    default: '100000',
  },
  PLAY_ROLLUP_SECONDS: {
    kind: 'integer',
    doc: 'With Redis: how often counted plays move from Redis into the database (what a lost Redis can lose at most).',
    default: '30',
  },
  STATS_CACHE_SECONDS: {
    kind: 'integer',
    doc: 'How long one instance reuses the stats snapshot (`GET /api/stats/games`).',
    default: '5',
  },
  REPORTS_TOKEN: {
    doc: "Turns on `GET /api/reports` (players' reports of broken games) for `Authorization: Bearer <token>`; off when unset.",
    secret: true,
  },
  PURGE_INTERVAL_MINUTES: {
    kind: 'integer',
    doc: 'How often expired codes, ended sessions, unverified accounts and unsaved uploads are deleted.',
    default: '10',
  },
  SESSION_MAX_AGE_DAYS: {
    kind: 'integer',
    doc: 'Absolute session lifetime from sign-in; refreshing does not extend it.',
    default: '30',
  },
  UNVERIFIED_ACCOUNT_DAYS: { kind: 'integer', doc: 'Accounts never verified are deleted this long after sign-up.', default: '7' },
  MAIL_WORKER: { kind: 'switch', doc: '`0`: this instance only queues mail; another one delivers.', default: '1' },
  MAIL_POLL_MS: { kind: 'integer', doc: 'How often the mail worker looks for due mail.', default: '1000' },
  MAIL_RETRY_BASE_MS: {
    kind: 'integer',
    doc: 'Wait after the first failed try; doubles per try, with jitter.',
    default: '30000',
  },
  MAIL_RETRY_MAX_MS: { kind: 'integer', doc: 'Longest wait between two tries (1 h).', default: '3600000' },
  MAIL_MAX_ATTEMPTS: { kind: 'integer', doc: 'Tries before a mail is dead-lettered.', default: '10' },
  MAIL_SENT_RETENTION_HOURS: { kind: 'integer', doc: 'Sent mail is kept this long, then purged (7 days).', default: '168' },
  MAIL_SEND_DEADLINE_SECONDS: {
    kind: 'integer',
    doc: 'Total time one mail may take over SMTP before its connection is dropped and it is retried.',
    default: '60',
  },
  MAIL_STOP_TIMEOUT_SECONDS: { kind: 'integer', doc: "Longest the mail worker's stop waits for the mail in hand.", default: '5' },
  PASSWORD_HASH_COST: {
    kind: 'integer',
    min: 10,
    max: 20,
    doc: "log2 of scrypt's N (r=8, p=1); only test runs go lower.",
    default: '17',
    production: 'Below 17 is refused.',
  },
  LOG_LEVEL: { doc: 'pino level of the JSON lines on stdout.', default: 'info' },
  SHUTDOWN_DEADLINE_MS: {
    kind: 'integer',
    doc: "On SIGTERM/SIGINT: longest wait for requests in flight and pools to close, then exit 1 with a log line. Keep the supervisor's stop timeout above it.",
    default: '10000',
  },
  SIGNING_KEY_REFRESH_SECONDS: {
    kind: 'integer',
    doc: 'How often every instance re-reads the JWT signing keys; a rotated key starts signing 2 × this after `rotate-key`.',
    default: '30',
  },
  BACKUP_DIR: {
    doc: 'Where `npm run backup` writes; put it on another disk, then copy it off the machine.',
    defaultNote: '`DATA_DIR` + `-backups`',
    example: '/var/backups/portal',
  },
} as const satisfies ServiceSettingsSchema;

export type ApiSettingName = keyof typeof API_SETTINGS;
