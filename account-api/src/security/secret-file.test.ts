import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@portal/shared-contracts/account';
import { SQLITE_FILE_NAME } from '../db/connect';
import { signedInPlayer, startTestServer, uploadedPicture } from '../testing/test-server';
import { loadMasterSecret } from './secrets';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-secret-'));

describe('the generated server secret', () => {
  it('is written whole, private (0600) in a private folder (0700), with no temporary file left', () => {
    const dir = path.join(tempDir(), 'data');
    const secret = loadMasterSecret(null, dir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'server-secret'))).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['server-secret']);
    expect(loadMasterSecret(null, dir)).toBe(secret);
  });

  it.each([
    ['empty', ''],
    ['blank', '  \n'],
    ['short', 'abc123'],
  ])('an %s secret file stops start-up with a clear message', async (_label, content) => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server-secret'), content);
    expect(() => loadMasterSecret(null, dir)).toThrow(/empty or shorter than 32 characters.*Delete it/);
    await expect(startTestServer({ dataDir: dir })).rejects.toThrow(/server-secret is empty or shorter/);
  });
});

describe('data folder permissions', () => {
  it('keeps the data folder, database files and uploads away from other local users', async () => {
    const server = await startTestServer();
    try {
      const { tokens } = await signedInPlayer(server.app);
      const name = await uploadedPicture(server, tokens.access_token);
      expect(modeOf(server.dataDir)).toBe(0o700);
      expect(modeOf(path.join(server.dataDir, 'uploads'))).toBe(0o700);
      expect(modeOf(path.join(server.dataDir, 'uploads', name)) & 0o077).toBe(0);
      if (server.context.database.dialect === 'sqlite') {
        for (const file of [SQLITE_FILE_NAME, `${SQLITE_FILE_NAME}-wal`]) {
          expect(modeOf(path.join(server.dataDir, file)) & 0o077).toBe(0);
        }
      }
      // The API still serves the picture it keeps private on disk.
      expect((await server.app.inject({ method: 'GET', url: `${API_PATHS.uploads}/${name}` })).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});
