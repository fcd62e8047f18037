import { Client } from 'pg';

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
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}
