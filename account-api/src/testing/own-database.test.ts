import { Client, Pool } from 'pg';
import { createOwnDatabase } from './own-database';

/**
 * A test file's own database is dropped only once nothing uses it: a connection still open when
 * its file drops it (a server or pool not closed, a child process still running) is never ended
 * under it, since ending one surfaced as 57P01 in whatever test ran next.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

const exists = async (database: string): Promise<boolean> => {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [database]);
    return rows.length > 0;
  } finally {
    await client.end();
  }
};

onPostgres('a test file’s own PostgreSQL database', () => {
  it('is not dropped under a connection still open: the drop fails naming it, and the connection goes on', async () => {
    const own = await createOwnDatabase('drop_refused');
    if (!own) throw new Error('no database');
    // No idle timeout: the connection stays as long as the pool does, as a forgotten server's would.
    const pool = new Pool({ connectionString: own.url, idleTimeoutMillis: 0 });
    const errors: unknown[] = [];
    pool.on('error', (error) => errors.push(error));
    try {
      await pool.query('select 1');
      await expect(own.drop({ goodbyeMs: 300 })).rejects.toThrow(
        /^1 connection\(s\) to drop_refused_\w+ still open 0\.3 s after .* not dropped[^]*from "jest:src\/testing\/own-database\.test\.ts", idle/,
      );
      // Still the same live connection: nothing terminated it.
      expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect(errors).toEqual([]);
    } finally {
      await pool.end();
    }
    await own.drop();
    expect(await exists(new URL(own.url).pathname.slice(1))).toBe(false);
  });

  it('waits for a pool closing while it drops, then drops the database', async () => {
    const own = await createOwnDatabase('drop_waits');
    if (!own) throw new Error('no database');
    const pool = new Pool({ connectionString: own.url, idleTimeoutMillis: 0 });
    await Promise.all([pool.query('select 1'), pool.query('select 2')]);
    const dropped = own.drop();
    await pool.end();
    await dropped;
    expect(await exists(new URL(own.url).pathname.slice(1))).toBe(false);
  });

  it('has a name of its own on every call', async () => {
    const [first, second] = await Promise.all([createOwnDatabase('same_name'), createOwnDatabase('same_name')]);
    try {
      expect(first?.url).not.toBe(second?.url);
    } finally {
      await Promise.all([first?.drop(), second?.drop()]);
    }
  });
});
