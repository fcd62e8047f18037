import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Config } from '../config';
import { connectionsLeftAfter, describeConnections } from './pg-connections';
import { startTestServer, type TestServer } from './test-server';

/** How long the file's closed pools (and child processes) may take to say goodbye before a drop. */
const GOODBYE_MS = 10_000;

export interface OwnDatabase {
  url: string;
  /** Drops it and creates it again, empty (a restore test's "everything is lost"). */
  recreate(): Promise<void>;
  /**
   * Drops it once every connection to it has ended; never forced, since a connection still open
   * belongs to a server, pool or process of this file not closed yet: that is an error, naming it.
   */
  drop(options?: { goodbyeMs?: number }): Promise<void>;
}

/**
 * A PostgreSQL database of a test file's own, next to the shared test database, for tests whose
 * worker would otherwise claim (or purge) the mail of test files running beside them.
 * Without TEST_DATABASE_URL (SQLite), every test server has its own file already: returns null.
 * Its name is new on every call (`name`, the process, random): no other file, in this jest worker
 * or another, ever meets it. Its URL names the file's connections (application_name), child
 * processes' too.
 */
export async function createOwnDatabase(name: string): Promise<OwnDatabase | null> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) return null;
  const database = `${name}_${String(process.pid)}_${randomBytes(3).toString('hex')}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: shared });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const url = new URL(shared);
  url.pathname = `/${database}`;
  const applicationName = process.env.PGAPPNAME;
  if (applicationName) url.searchParams.set('application_name', applicationName);

  const drop = async ({ goodbyeMs = GOODBYE_MS }: { goodbyeMs?: number } = {}) => {
    const left = await connectionsLeftAfter(shared, { database }, goodbyeMs);
    if (left.length > 0)
      throw new Error(
        `${String(left.length)} connection(s) to ${database} still open ${String(goodbyeMs / 1000)} s after the test closed its servers, so it is not dropped ` +
          `(a forced drop would end them under whatever test runs next): close every server and pool on it first.\n${describeConnections(left)}`,
      );
    await admin(`DROP DATABASE IF EXISTS ${database}`);
  };
  await admin(`CREATE DATABASE ${database}`);
  return {
    url: url.toString(),
    recreate: async () => {
      await drop();
      await admin(`CREATE DATABASE ${database}`);
    },
    drop,
  };
}

/**
 * setupTestServer on a database of the file's own (PostgreSQL) or its own SQLite file: for tests
 * that purge, or make the database fail, without touching the shared test database.
 */
export function setupServerWithOwnDatabase(name: string, overrides: Partial<Config> = {}): { server: () => TestServer } {
  let server: TestServer | null = null;
  let own: OwnDatabase | null = null;
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
