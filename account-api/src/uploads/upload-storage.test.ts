import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, type UserRecord } from '@portal/shared-contracts/account';
import { setupServerWithOwnDatabase } from '../testing/own-database';
import {
  bearer,
  detailOf,
  json,
  savePicture,
  signedInPlayer,
  TINY_PNG,
  uploadedPicture,
  uploadPicture,
  type TestServer,
} from '../testing/test-server';

const MINUTE = 60 * 1000;
const LOW_DISK_SPACE = 'Pictures cannot be uploaded right now: the server is low on storage space. Please try again later.';
// Room for three tiny pictures; unsaved uploads may be saved for 60 minutes.
const settings = { quotaBytes: 3 * TINY_PNG.length, minFreeBytes: 1, unsavedMs: 60 * MINUTE };
// Own databases: the purge below must not delete the uploads of test files running beside it.
const own = setupServerWithOwnDatabase('upload_storage', { uploadMaxBytes: 1024, uploads: settings });
const lowDisk = setupServerWithOwnDatabase('upload_low_disk', {
  uploads: { ...settings, minFreeBytes: Number.MAX_SAFE_INTEGER },
});

const files = (server: TestServer) => fs.readdirSync(path.join(server.dataDir, 'uploads')).sort();
const rowsOf = async (server: TestServer, token: string) => {
  const user = json<UserRecord>(await server.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(token) }));
  const rows = await server.context.database.db.selectFrom('uploads').select('name').where('user_id', '=', user.id).execute();
  return rows.map((row) => row.name).sort();
};
/** Makes the account's uploads look `ms` older, in the database and on disk. */
const age = async (server: TestServer, names: string[], ms: number) => {
  const at = new Date(Date.now() - ms);
  await server.context.database.db
    .updateTable('uploads')
    .set({ created_at: at.toISOString() })
    .where('name', 'in', names)
    .execute();
  for (const name of names) fs.utimesSync(path.join(server.dataDir, 'uploads', name), at, at);
};

describe('a per-account quota', () => {
  it('answers 507 with a clear message once the account holds its quota, and stores nothing more', async () => {
    const server = own.server();
    const { tokens } = await signedInPlayer(server.app);
    const kept = [];
    for (let i = 0; i < 3; i += 1) kept.push(await uploadedPicture(server, tokens.access_token));
    const before = files(server);
    const refused = await uploadPicture(server, tokens.access_token);
    expect(refused.statusCode).toBe(507);
    expect(detailOf(refused.body)).toBe(
      'Your pictures already use your 0.2 KB of storage. Pictures you upload but do not choose are deleted after 1 hour: please try again then.',
    );
    expect(files(server)).toEqual(before);
    expect(await rowsOf(server, tokens.access_token)).toEqual(kept.sort());
  });

  it('parallel uploads never pass it', async () => {
    const server = own.server();
    const { tokens } = await signedInPlayer(server.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => uploadPicture(server, tokens.access_token)));
    const accepted = answers.filter((response) => response.statusCode === 200);
    expect(accepted.length).toBeLessThanOrEqual(3);
    expect(answers.every((response) => [200, 507].includes(response.statusCode))).toBe(true);
    expect((await rowsOf(server, tokens.access_token)).length).toBe(accepted.length);
  });
});

describe('replacing the picture', () => {
  it('deletes the picture it replaces, row and file', async () => {
    const server = own.server();
    const { tokens } = await signedInPlayer(server.app);
    const first = await uploadedPicture(server, tokens.access_token);
    expect((await savePicture(server, tokens.access_token, first)).statusCode).toBe(200);
    const second = await uploadedPicture(server, tokens.access_token);
    const saved = await savePicture(server, tokens.access_token, second);
    expect(json<UserRecord>(saved).picture_url).toBe(second);
    expect(files(server)).not.toContain(first);
    expect(files(server)).toContain(second);
    expect(await rowsOf(server, tokens.access_token)).toEqual([second]);
    expect((await server.app.inject({ method: 'GET', url: `${API_PATHS.uploads}/${first}` })).statusCode).toBe(404);
    // Saving the current picture again keeps it.
    expect((await savePicture(server, tokens.access_token, second)).statusCode).toBe(200);
    expect(files(server)).toContain(second);
  });

  it('refuses an upload older than the unsaved window: the purge may be deleting it', async () => {
    const server = own.server();
    const { tokens } = await signedInPlayer(server.app);
    const name = await uploadedPicture(server, tokens.access_token);
    await age(server, [name], 61 * MINUTE);
    const late = await savePicture(server, tokens.access_token, name);
    expect(late.statusCode).toBe(422);
    expect(detailOf(late.body)).toBe('picture_url must name a picture you uploaded less than 1 hour ago, or your current one');
  });
});

describe('a free-space floor', () => {
  it('answers 507 with a clear message below it, and stores nothing', async () => {
    const server = lowDisk.server();
    const { tokens } = await signedInPlayer(server.app);
    const response = await uploadPicture(server, tokens.access_token);
    expect(response.statusCode).toBe(507);
    expect(detailOf(response.body)).toBe(LOW_DISK_SPACE);
    expect(files(server)).toEqual([]);
    expect(await rowsOf(server, tokens.access_token)).toEqual([]);
  });
});

describe('a write that fails on a full disk', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('answers 507 and leaves neither an empty file nor a row', async () => {
    const server = own.server();
    const { tokens } = await signedInPlayer(server.app);
    const before = files(server);
    const realWrite = fsp.writeFile.bind(fsp);
    jest.spyOn(fsp, 'writeFile').mockImplementationOnce(async (file) => {
      // What a full disk does: the file is created, its bytes never land.
      await realWrite(file, '', { flag: 'wx' });
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    const response = await uploadPicture(server, tokens.access_token);
    expect(files(server)).toEqual(before);
    expect(await rowsOf(server, tokens.access_token)).toEqual([]);
    expect(response.statusCode).toBe(507);
    expect(detailOf(response.body)).toBe(LOW_DISK_SPACE);
  });
});

describe('the purge job', () => {
  it('deletes unsaved uploads past the window, files with no row and empty files; keeps pictures and fresh uploads', async () => {
    const server = own.server();
    const dir = path.join(server.dataDir, 'uploads');
    const { tokens } = await signedInPlayer(server.app);
    const picture = await uploadedPicture(server, tokens.access_token);
    expect((await savePicture(server, tokens.access_token, picture)).statusCode).toBe(200);
    const unsaved = await uploadedPicture(server, tokens.access_token);
    await age(server, [picture, unsaved], 2 * 60 * MINUTE);
    const fresh = await uploadedPicture(server, tokens.access_token);
    // Left by a deleted account (its rows went by cascade) and by a write on a full disk.
    const orphan = `${'a'.repeat(32)}.png`;
    const empty = `${'b'.repeat(32)}.png`;
    fs.writeFileSync(path.join(dir, orphan), TINY_PNG);
    fs.writeFileSync(path.join(dir, empty), '');
    const old = new Date(Date.now() - 2 * 60 * MINUTE);
    for (const name of [orphan, empty]) fs.utimesSync(path.join(dir, name), old, old);
    // A file with no row that is seconds old may be an upload in flight: kept.
    const inFlight = `${'c'.repeat(32)}.png`;
    fs.writeFileSync(path.join(dir, inFlight), TINY_PNG);

    const purged = await server.purgeJob.runOnce();
    expect(purged.unsaved_uploads).toBeGreaterThanOrEqual(1);
    expect(purged.orphan_upload_files).toBeGreaterThanOrEqual(2);
    const left = files(server);
    expect(left).toEqual(expect.arrayContaining([picture, fresh, inFlight]));
    for (const gone of [unsaved, orphan, empty]) expect(left).not.toContain(gone);
    expect(await rowsOf(server, tokens.access_token)).toEqual([picture, fresh].sort());
    fs.rmSync(path.join(dir, inFlight));
  });
});
