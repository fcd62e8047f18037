import { Client } from 'pg';
import type { Config } from '../config';
import { startTestServer, type TestServer } from './test-server';

/**
 * A PostgreSQL database of a test file's own, next to the shared test database, for tests whose
 * worker would otherwise claim (or purge) the mail of test files running beside them.
 * Without TEST_DATABASE_URL (SQLite), every test server has its own file already: returns null.
 */
export async function createOwnDatabase(name: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) return null;
  const database = `${name}_${process.pid}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: shared });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${database}`);
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(shared);
  url.pathname = `/${database}`;
  // A client of the file's server may still be ending when its afterAll drops the database: a
  // forced drop then terminates it mid-goodbye (57P01 "terminating connection due to administrator
  // command", an unhandled error that failed the file). Waiting for them first, then forcing.
  const drop = async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      try {
        await admin(`DROP DATABASE IF EXISTS ${database}`);
        return;
      } catch (error) {
        // 55006: "database is being accessed by other users".
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  return { url: url.toString(), drop };
}

/**
 * setupTestServer on a database of the file's own (PostgreSQL) or its own SQLite file: for tests
 * that purge, or make the database fail, without touching the shared test database.
 */
export function setupServerWithOwnDatabase(name: string, overrides: Partial<Config> = {}): { server: () => TestServer } {
  let server: TestServer | null = null;
  let own: Awaited<ReturnType<typeof createOwnDatabase>> = null;
  beforeAll(async () => {
    own = await createOwnDatabase(name);
    server = await startTestServer({ ...overrides, databaseUrl: own?.url ?? null });
  });
  afterAll(async () => {
    await server?.close();
    await own?.drop();
  });
  return {
    server: () => {
      if (!server) throw new Error('the test server starts in beforeAll; use it inside a test or hook');
      return server;
    },
  };
}
