import BetterSqlite3 from 'better-sqlite3';
import type { Pool } from 'pg';
import type { DatabaseHandle } from './connect';
import type { UserRow } from './schema';

/**
 * The one read of the authenticated hot path (decision 0007 step 3): the user row, provided the
 * user exists, still has the token's token_version, and the token's session is theirs and not
 * revoked. No cache: a revocation committed on any instance is seen by the next request.
 */
export interface AuthLookup {
  /** Synchronous on SQLite, a promise on PostgreSQL. */
  find(userId: number, version: number, sessionId: string): UserRow | undefined | Promise<UserRow | undefined>;
  close(): Promise<void>;
}

const WHERE = 'u.id = ? and u.token_version = ? and s.id = ? and s.user_id = u.id and s.revoked_at is null';

/**
 * SQLite: a prepared statement on a second, read-only connection. It never waits behind Kysely's
 * connection (which serialises queries and transactions) and, in WAL mode, it reads the last
 * committed state: never half of a transaction in flight.
 */
function sqliteLookup(file: string): AuthLookup {
  const reader = new BetterSqlite3(file, { fileMustExist: true });
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  const statement = reader.prepare<[number, number, string], UserRow>(`select u.* from users u, sessions s where ${WHERE}`);
  return {
    find: (userId, version, sessionId) => statement.get(userId, version, sessionId),
    close: () => {
      reader.close();
      return Promise.resolve();
    },
  };
}

/** PostgreSQL: a named statement, parsed once per pooled connection. */
function postgresLookup(pool: Pool): AuthLookup {
  let n = 0;
  const text = `select u.* from users u, sessions s where ${WHERE.replace(/\?/g, () => `$${(n += 1)}`)}`;
  return {
    find: async (userId, version, sessionId) => {
      const result = await pool.query<UserRow>({ name: 'auth-user-session', text, values: [userId, version, sessionId] });
      return result.rows[0];
    },
    close: async () => {},
  };
}

export function createAuthLookup(database: DatabaseHandle): AuthLookup {
  if (database.dialect === 'postgres') {
    if (!database.pool) throw new Error('PostgreSQL handle without its pool');
    return postgresLookup(database.pool);
  }
  return sqliteLookup(database.location);
}
