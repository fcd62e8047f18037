import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, type LoginResponse, type UserRecord } from '@portal/shared-contracts/account';
import { buildOnce, removeBuild, runOperation } from '../testing/built-server';
import { createOwnDatabase } from '../testing/own-database';
import { setupS3Server } from '../testing/s3-server';
import {
  bearer,
  json,
  login,
  savePicture,
  signedInPlayer,
  startTestServer,
  TINY_PNG,
  type Player,
  uploadedPicture,
} from '../testing/test-server';
import { takeBackup } from './backup';
import { restoreBackup } from './restore';

/**
 * `npm run backup` and `npm run restore` (the built dist/operations.js, with the server's own
 * settings in the environment) on SQLite, and on PostgreSQL under `npm run test:pg`: accounts, a
 * picture and a library survive a backup, the loss of everything, and a restore.
 */
let outdir = '';
const scratch: string[] = [];
const tempDir = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `account-api-${label}-`));
  scratch.push(dir);
  return dir;
};
beforeAll(() => {
  outdir = buildOnce('backup');
});
afterAll(() => {
  removeBuild(outdir);
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

const LIBRARY = {
  favourites: [{ gameId: 5, at: '2026-01-01T10:01:00.000Z' }],
  recentlyPlayed: [{ gameId: 6, at: '2026-01-01T10:02:00.000Z' }],
};

it('restores accounts, pictures and libraries into an empty database and folder; refuses a non-empty one', async () => {
  const own = await createOwnDatabase('backup_test');
  const dataDir = path.join(tempDir('backup-data'), 'data');
  const backupDir = tempDir('backups');
  const env = { DATA_DIR: dataDir, DATABASE_URL: own?.url ?? '', BACKUP_DIR: backupDir };
  const overrides = { dataDir, databaseUrl: own?.url ?? null };

  // Two accounts; the first has a picture and a library.
  const before = await startTestServer(overrides);
  const first = await signedInPlayer(before.app);
  const second = await signedInPlayer(before.app);
  const picture = await uploadedPicture(before, first.tokens.access_token);
  expect((await savePicture(before, first.tokens.access_token, picture)).statusCode).toBe(200);
  const put = await before.app.inject({
    method: 'PUT',
    url: API_PATHS.library,
    headers: { ...bearer(first.tokens.access_token), 'content-type': 'application/json' },
    payload: JSON.stringify(LIBRARY),
  });
  expect(put.statusCode).toBe(200);

  // Backed up while the server runs; the folder is the last line printed.
  const backup = runOperation(outdir, ['backup'], env);
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  const folder = backup.stdout.trim().split('\n').at(-1) ?? '';
  expect(path.dirname(folder)).toBe(backupDir);
  expect(path.basename(folder)).toMatch(/^account-api-\d{8}T\d{6}Z$/);
  expect(fs.readdirSync(path.join(folder, 'uploads'))).toEqual([picture]);

  // Everything is lost: the data folder (SQLite file, uploads, secret) and the PostgreSQL database.
  await before.close();
  fs.rmSync(dataDir, { recursive: true });
  await own?.recreate();

  const restored = runOperation(outdir, ['restore', folder], env);
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  expect(restored.stdout).toContain('restored the backup of');

  // A second restore on top of the restored data is refused, naming what is in the way.
  const again = runOperation(outdir, ['restore', folder], env);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(
    /^Refusing to restore: the upload folder .* holds 1 file\(s\)\. A restore goes into an empty database/,
  );

  const after = await startTestServer(overrides);
  try {
    for (const { player } of [first, second] as { player: Player }[]) {
      const signIn = await login(after.app, player.email, player.password);
      expect(signIn.statusCode).toBe(200);
    }
    const { access_token: token } = json<LoginResponse>(await login(after.app, first.player.email, first.player.password));
    const user = json<UserRecord>(await after.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(token) }));
    expect(user.picture_url).toBe(picture);
    const served = await after.app.inject({ method: 'GET', url: `${API_PATHS.uploads}/${picture}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    const library = await after.app.inject({ method: 'GET', url: API_PATHS.library, headers: bearer(token) });
    expect(library.json()).toEqual(LIBRARY);
    // The backup carried the server's generated secret, so a session from before it still works.
    const old = await after.app.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(second.tokens.access_token) });
    expect(old.statusCode).toBe(200);
  } finally {
    await after.close();
    await own?.drop();
  }
}, 120_000);

it('refuses a backup of the other kind of database, and a folder that is not a backup', () => {
  const folder = tempDir('not-a-backup');
  const env = { DATA_DIR: path.join(tempDir('restore-data'), 'data'), DATABASE_URL: '' };
  const result = runOperation(outdir, ['restore', folder], env);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('is not a backup: it has no manifest.json');
  fs.writeFileSync(path.join(folder, 'database.pgdump'), 'x');
  fs.writeFileSync(
    path.join(folder, 'manifest.json'),
    JSON.stringify({
      format: 1,
      dialect: 'postgres',
      database: { file: 'database.pgdump', sha256: '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881' },
    }),
  );
  const wrongKind = runOperation(outdir, ['restore', folder], env);
  expect(wrongKind.code).toBe(1);
  expect(wrongKind.stderr).toContain('This backup is of a postgres database, and the settings point at sqlite');
});

describe('with pictures in an S3 bucket', () => {
  const s3 = setupS3Server();

  // In this process (the bucket's server answers from this process's event loop, which the CLI's
  // spawnSync would block): the same functions `npm run backup` and `restore` call.
  it('backs up the bucket’s pictures and restores them into an empty bucket; refuses a bucket that holds some', async () => {
    const own = await createOwnDatabase('backup_s3_test');
    const dataDir = path.join(tempDir('backup-s3-data'), 'data');
    const backupDir = tempDir('backups-s3');
    const pictureStorage = { driver: 's3' as const, ...s3().settings('before/') };
    const server = await startTestServer({ dataDir, databaseUrl: own?.url ?? null, pictureStorage });
    let folder = '';
    let picture = '';
    try {
      const { tokens } = await signedInPlayer(server.app);
      picture = await uploadedPicture(server, tokens.access_token);
      folder = await takeBackup(server.context.config, backupDir);
    } finally {
      await server.close();
    }
    expect(fs.readdirSync(path.join(folder, 'uploads'))).toEqual([picture]);
    expect(fs.readFileSync(path.join(folder, 'uploads', picture)).equals(TINY_PNG)).toBe(true);

    // Restored into another (empty) prefix of the bucket and a new database.
    await own?.recreate();
    const target = { dataDir: path.join(tempDir('restore-s3-data'), 'data'), databaseUrl: own?.url ?? null };
    const restoredStorage = { driver: 's3' as const, ...s3().settings('after/') };
    await restoreBackup({ ...target, pictureStorage: restoredStorage }, folder);
    await expect(restoreBackup({ ...target, pictureStorage: restoredStorage }, folder)).rejects.toThrow(
      /^Refusing to restore: the bucket pictures holds 1 picture\(s\)/,
    );
    const after = await startTestServer({ ...target, pictureStorage: restoredStorage });
    try {
      const served = await after.app.inject({ method: 'GET', url: `${API_PATHS.uploads}/${picture}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    } finally {
      await after.close();
      await own?.drop();
    }
  }, 60_000);
});
