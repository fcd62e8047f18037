import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';

/** Secrets from files (`*_FILE`), as Docker/Kubernetes secrets and systemd credentials provide them. */
describe('settings from *_FILE', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-config-'));
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string, content: string) => {
    const target = path.join(dir, name);
    fs.writeFileSync(target, content, { mode: 0o600 });
    return target;
  };
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://localhost:2525' };

  it('reads JWT_SECRET, DATABASE_URL, SMTP_URL, REDIS_URL and RECAPTCHA_SECRET from files, without the trailing newline', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      CORS_ORIGINS: 'https://games.example',
      JWT_SECRET_FILE: file('jwt', `${'s'.repeat(40)}\n`),
      DATABASE_URL_FILE: file('db', 'postgres://app:pw@db:5432/accounts\n'),
      SMTP_URL_FILE: file('smtp', 'smtps://user:pass@mail:465'),
      REDIS_URL_FILE: file('redis', 'redis://:pw@redis:6379\n'),
      RECAPTCHA_SECRET_FILE: file('captcha', 'captcha-secret\n'),
    });
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(config.databaseUrl).toBe('postgres://app:pw@db:5432/accounts');
    expect(config.smtpUrl).toBe('smtps://user:pass@mail:465');
    expect(config.redisUrl).toBe('redis://:pw@redis:6379');
    expect(config.recaptchaSecret).toBe('captcha-secret');
  });

  it('stops start-up with a clear message for both forms, a missing file, an empty or short secret', () => {
    const jwt = file('jwt-ok', 'j'.repeat(40));
    expect(() => loadConfig({ ...production, JWT_SECRET: 'j'.repeat(40), JWT_SECRET_FILE: jwt })).toThrow(
      'Set JWT_SECRET or JWT_SECRET_FILE, not both',
    );
    expect(() => loadConfig({ ...production, JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(
      /^JWT_SECRET_FILE: cannot read .*missing/,
    );
    expect(() => loadConfig({ ...production, JWT_SECRET_FILE: file('empty', '\n') })).toThrow(
      /JWT_SECRET_FILE: .*empty is empty/,
    );
    expect(() => loadConfig({ ...production, JWT_SECRET_FILE: file('short', 'short\n') })).toThrow(
      'JWT_SECRET must be at least 32 characters',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET_FILE: jwt })).toThrow(/SMTP_URL must be set/);
  });
});

describe('the PostgreSQL pool size', () => {
  it('is DATABASE_POOL_SIZE (10 by default) and sizes the pool each instance opens', async () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    const config = loadConfig({ DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal', DATABASE_POOL_SIZE: '25' });
    expect(config.databasePoolSize).toBe(25);
    const handle = connectDatabase(config);
    expect(handle.pool?.options.max).toBe(25);
    await handle.db.destroy();
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be a positive integer, got "0"');
  });
});

describe('operations settings', () => {
  it('reads SHUTDOWN_DEADLINE_MS, SIGNING_KEY_REFRESH_SECONDS, BACKUP_DIR; migrates at start only outside production', () => {
    const development = loadConfig({ DATA_DIR: '/srv/portal/data' });
    expect(development.operations).toEqual({
      shutdownDeadlineMs: 10_000,
      signingKeyRefreshMs: 30_000,
      migrateAtStart: true,
      backupDir: '/srv/portal/data-backups',
    });
    const production = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      SMTP_URL: 'smtp://mail',
      REDIS_URL: 'redis://redis:6379',
      CORS_ORIGINS: 'https://games.example',
      SHUTDOWN_DEADLINE_MS: '25000',
      SIGNING_KEY_REFRESH_SECONDS: '5',
      BACKUP_DIR: '/backups/portal',
    });
    expect(production.operations).toEqual({
      shutdownDeadlineMs: 25_000,
      signingKeyRefreshMs: 5000,
      migrateAtStart: false,
      backupDir: '/backups/portal',
    });
    expect(() => loadConfig({ SHUTDOWN_DEADLINE_MS: '0' })).toThrow('SHUTDOWN_DEADLINE_MS must be a positive integer');
  });
});

describe('upload settings', () => {
  it('defaults: a quota of four largest pictures, a 1 GiB free-space floor, 60 minutes to save an upload', () => {
    expect(loadConfig({}).uploads).toEqual({
      quotaBytes: 4 * 5 * 1024 * 1024,
      minFreeBytes: 1024 * 1024 * 1024,
      unsavedMs: 60 * 60 * 1000,
    });
  });

  it('reads UPLOAD_QUOTA_BYTES, UPLOAD_MIN_FREE_MB and UPLOAD_UNSAVED_MINUTES', () => {
    const config = loadConfig({ UPLOAD_QUOTA_BYTES: '10485760', UPLOAD_MIN_FREE_MB: '200', UPLOAD_UNSAVED_MINUTES: '15' });
    expect(config.uploads).toEqual({ quotaBytes: 10_485_760, minFreeBytes: 200 * 1024 * 1024, unsavedMs: 15 * 60 * 1000 });
  });

  it('keeps pictures in DATA_DIR/uploads unless UPLOADS_STORAGE says s3', () => {
    expect(loadConfig({}).pictureStorage).toEqual({ driver: 'fs' });
    expect(loadConfig({ S3_BUCKET: 'ignored' }).pictureStorage).toEqual({ driver: 'fs' });
  });

  it('reads the bucket settings with UPLOADS_STORAGE=s3, the keys also from *_FILE', () => {
    const secret = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 's3-secret-')), 'key');
    fs.writeFileSync(secret, 'the-secret\n');
    expect(
      loadConfig({
        UPLOADS_STORAGE: 's3',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_BUCKET: 'pictures',
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'portal',
        S3_SECRET_ACCESS_KEY_FILE: secret,
      }).pictureStorage,
    ).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'pictures',
      keyPrefix: 'uploads/',
      forcePathStyle: true,
      accessKeyId: 'portal',
      secretAccessKey: 'the-secret',
    });
    expect(loadConfig({ UPLOADS_STORAGE: 's3', S3_BUCKET: 'b' }).pictureStorage).toMatchObject({
      endpoint: null,
      forcePathStyle: false,
      accessKeyId: null,
      secretAccessKey: null,
    });
  });

  it('refuses an unknown driver, a missing bucket, a half key pair and an endpoint that is no URL', () => {
    expect(() => loadConfig({ UPLOADS_STORAGE: 'nfs' })).toThrow('UPLOADS_STORAGE must be fs or s3, got "nfs"');
    expect(() => loadConfig({ UPLOADS_STORAGE: 's3' })).toThrow('UPLOADS_STORAGE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ UPLOADS_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
    expect(() => loadConfig({ UPLOADS_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      'S3_ENDPOINT must be an http(s) URL, got "minio:9000"',
    );
  });

  it('refuses a quota smaller than one picture of the largest size', () => {
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '2048', UPLOAD_QUOTA_BYTES: '1024' })).toThrow(
      'UPLOAD_QUOTA_BYTES (1024) must be at least UPLOAD_MAX_BYTES (2048)',
    );
  });
});

describe('CORS_ORIGINS in production', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    SMTP_URL: 'smtp://localhost:25',
    REDIS_URL: 'redis://localhost:6379',
  };

  it.each([['*'], ['https://games.example.com,*'], [undefined]])('refuses CORS_ORIGINS=%s', (origins) => {
    expect(() => loadConfig({ ...PRODUCTION, ...(origins === undefined ? {} : { CORS_ORIGINS: origins }) })).toThrow(
      /CORS_ORIGINS must list the site's origins when NODE_ENV=production/,
    );
  });

  it('takes a list of origins', () => {
    expect(
      loadConfig({ ...PRODUCTION, CORS_ORIGINS: 'https://games.example.com, https://www.games.example.com' }).corsOrigins,
    ).toEqual(['https://games.example.com', 'https://www.games.example.com']);
  });

  it("still defaults to '*' in development", () => {
    expect(loadConfig({}).corsOrigins).toEqual(['*']);
  });
});
