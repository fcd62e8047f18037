// Every environment setting of the release service (scripts/releases/release-service.mjs,
// decision 0062): the one source of its defaults, of its part of docs/settings.md and of
// scripts/releases/release-service.env.example (scripts/settings/generate.mjs). Only erasable
// TypeScript here: the service and the generator import this file with Node's own type stripping.
import type { ServiceSettingsSchema } from '@portal/service-settings';

export const RELEASE_SERVICE_SETTINGS = {
  RELEASE_SERVICE_HOST: {
    doc: 'Address to listen on.',
    default: '127.0.0.1',
    production: '`0.0.0.0` in a container; loopback behind nginx on one host.',
  },
  RELEASE_SERVICE_PORT: { kind: 'integer', min: 0, max: 65_535, doc: 'Port to listen on.', default: '8095' },
  RELEASE_PUBLIC_URL: {
    doc: "The service's address as teams' CI, page services and browsers reach it: manifest URLs in the pointers are `<this>/files/<remote>/<version>/mf-manifest.json`.",
    defaultNote: 'the address it listens on',
    example: 'https://releases.playverse.games',
  },
  RELEASE_DATABASE_URL: {
    doc: 'PostgreSQL for the pointers, history, tokens and refusals (every instance shares it); unset: the embedded SQLite file in `RELEASE_DATA_DIR`.',
    secret: true,
  },
  RELEASE_DATA_DIR: {
    doc: 'Folder of the embedded SQLite database (without `RELEASE_DATABASE_URL`).',
    defaultNote: '`.release-service` in the repository',
    example: '/var/lib/portal-releases',
  },
  RELEASE_FILES_STORAGE: {
    kind: 'choice',
    choices: ['fs', 's3'],
    doc: 'Where published builds are kept (decision 0068): `fs` in `RELEASE_FILES_DIR` (one host’s disk), `s3` in the bucket `S3_BUCKET`, which every instance shares. Served at `/files/` either way; a version is never overwritten.',
    default: 'fs',
    production: '`s3`: the service then keeps no files on its disk.',
    example: 's3',
  },
  RELEASE_FILES_DIR: {
    doc: 'With `RELEASE_FILES_STORAGE=fs`: where published builds are kept and served from at `/files/` (never overwritten).',
    defaultNote: '`RELEASE_DATA_DIR/files`',
  },
  S3_ENDPOINT: {
    doc: 'With `RELEASE_FILES_STORAGE=s3`: URL of an S3-compatible service (MinIO, Ceph, R2, …); unset: AWS S3 in `S3_REGION`.',
    example: 'https://s3.eu-west-1.amazonaws.com',
  },
  S3_REGION: { doc: "The bucket's region (services without regions accept the default).", default: 'us-east-1' },
  S3_BUCKET: {
    doc: 'With `RELEASE_FILES_STORAGE=s3`: the bucket that keeps the builds; it must exist (checked at start-up). It may stay private: the service serves the files.',
    example: 'portal-releases',
  },
  S3_KEY_PREFIX: {
    emptyAllowed: true,
    doc: "Prefix of every file's key in the bucket (`<prefix><remote>/<version>/<file>`).",
    default: '',
  },
  S3_FORCE_PATH_STYLE: {
    kind: 'switch',
    doc: '`1`: address the bucket as `<endpoint>/<bucket>/<key>` (MinIO and most self-hosted services); `0`: as `<bucket>.<endpoint>/<key>`.',
    default: '0',
  },
  S3_ACCESS_KEY_ID: {
    doc: "With `RELEASE_FILES_STORAGE=s3`: the access key (with `S3_SECRET_ACCESS_KEY`); unset, the AWS SDK's own chain (instance role, Kubernetes web identity).",
    secret: true,
  },
  S3_SECRET_ACCESS_KEY: { doc: 'The secret of `S3_ACCESS_KEY_ID`.', secret: true },
  RELEASE_TLS_CERT: {
    doc: 'Certificate (PEM) to serve HTTPS itself; with `RELEASE_TLS_KEY`. Unset: plain HTTP (put it behind a TLS proxy).',
  },
  RELEASE_TLS_KEY: { doc: "The certificate's private key (PEM file path, readable by the service only)." },
  RELEASE_OVERRIDE_SECRET: {
    doc: "Preview overrides' HMAC key, the page services' own (at least 32 characters): `override-token` is signed here; unset, the service refuses to issue them.",
    secret: true,
    minLength: 32,
  },
} as const satisfies ServiceSettingsSchema;

export type ReleaseServiceSetting = keyof typeof RELEASE_SERVICE_SETTINGS;

/** The default of a setting that has one. */
export const releaseServiceDefault = (name: ReleaseServiceSetting): string | undefined =>
  (RELEASE_SERVICE_SETTINGS[name] as { default?: string }).default;
