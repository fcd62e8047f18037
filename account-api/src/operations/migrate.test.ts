import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildOnce, removeBuild, runOperation } from '../testing/built-server';
import { createOwnDatabase } from '../testing/own-database';
import { startTestServer } from '../testing/test-server';

/**
 * Migrations as a step of their own: `npm run migrate` applies them (once, under the migrator's
 * lock, even when two run at once); with NODE_ENV=production the API will not start on a
 * database that is behind, and says what to run.
 */
let outdir = '';
const scratch: string[] = [];
beforeAll(() => {
  outdir = buildOnce('migrate');
});
afterAll(() => {
  removeBuild(outdir);
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** `node operations.js migrate` in the background, so two can race. */
function migrateInBackground(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, [path.join(outdir, 'operations.js'), 'migrate'], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('close', (code) => {
      resolve({ code, output });
    });
  });
}

it('production refuses to start while migrations are pending; npm run migrate (twice at once) applies them once', async () => {
  const own = await createOwnDatabase('migrate_test');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-migrate-'));
  scratch.push(dataDir);
  const env = { DATA_DIR: dataDir, DATABASE_URL: own?.url ?? '' };
  const base = await startTestServer({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-migrate-base-')) });
  const production = {
    dataDir,
    databaseUrl: own?.url ?? null,
    production: true,
    devOutbox: false,
    smtpUrl: 'smtp://127.0.0.1:9',
    jwtSecret: 'm'.repeat(40),
    operations: { ...base.context.config.operations, migrateAtStart: false },
  };
  await base.close();

  try {
    await expect(startTestServer(production)).rejects.toThrow(
      /^The database is behind this release: \d+ migration\(s\) pending \(0001_users, .*0010_signing_keys.*\)\. With NODE_ENV=production the API does not change the schema at start-up: run "npm run migrate -w account-api"/,
    );

    const [one, two] = await Promise.all([migrateInBackground(env), migrateInBackground(env)]);
    expect([one.code, two.code]).toEqual([0, 0]);
    // One applied everything; the other, waiting on the lock, found nothing left to do.
    const outputs = [one.output, two.output].sort();
    expect(outputs[0]).toMatch(/^applied: 0001_users, /);
    expect(outputs[1]).toBe('the database is up to date\n');
    expect(runOperation(outdir, ['migrate'], env).stdout).toBe('the database is up to date\n');

    const server = await startTestServer(production);
    try {
      const { rows } = await sql<{ count: string | number }>`SELECT count(*) AS count FROM kysely_migration`.execute(
        server.context.database.db,
      );
      expect(Number(rows[0]?.count)).toBeGreaterThanOrEqual(7);
    } finally {
      await server.close();
    }
  } finally {
    await own?.drop();
  }
}, 60_000);
