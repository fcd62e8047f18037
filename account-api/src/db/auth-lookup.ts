import BetterSqlite3 from 'better-sqlite3';
import type { Pool } from 'pg';
import { PROFILE_FIELDS, type BalanceResponse, type UserRecord } from '@portal/shared-contracts/account';
import { activeTracing } from '@portal/service-tracing';
import { inQuerySpan } from '../observability/tracing';
import type { DatabaseHandle } from './connect';
import { oncePerTask, UntilCommitCache } from './until-commit-cache';
import { walChangeCounter } from './wal-change-counter';

/**
 * The prepared reads of the authenticated hot path (decisions 0007 step 3 and 0024):
 * - `find`: the signed-in user's public record, provided the user exists, still has the token's
 *   token_version, and the token's session is theirs and not revoked. On PostgreSQL no cache: a
 *   revocation committed on any instance is seen by the next request. On SQLite (one file, one
 *   writer) the answers are kept until the next commit to the file by anyone (UntilCommitCache):
 *   the join costs several times the version check, and a revocation is still seen at once.
 * - `wallet`: the balance row of a user (GET /api/balance), kept the same way on SQLite.
 * Both read columns as arrays and build the objects with fixed shapes here: better-sqlite3's own
 * row objects (one property set per column) cost more than the query (decision 0024).
 */
export interface AuthLookup {
  /** Synchronous on SQLite, a promise on PostgreSQL. */
  find(userId: number, version: number, sessionId: string): UserRecord | undefined | Promise<UserRecord | undefined>;
  wallet(userId: number): BalanceResponse | undefined | Promise<BalanceResponse | undefined>;
  close(): Promise<void>;
}

/** The columns of `UserRecord` as selected; `toRecord` finds each by name through `AT`. */
const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'email_verified',
  'created_at',
  ...PROFILE_FIELDS,
] as const satisfies readonly (keyof UserRecord)[];

type Cell = string | number | null;
type UserColumn = (typeof USER_COLUMNS)[number];
const AT = Object.fromEntries(USER_COLUMNS.map((column, index) => [column, index])) as Record<UserColumn, number>;

/** One literal per row: one hidden class, and tsc checks every field of UserRecord is set. */
function toRecord(row: Cell[] | undefined): UserRecord | undefined {
  if (!row) return undefined;
  // Frozen: on SQLite one kept record answers many requests, and none may change it for the others.
  return Object.freeze({
    id: row[AT.id] as number,
    username: row[AT.username] as string,
    email: row[AT.email] as string,
    email_verified: row[AT.email_verified] === 1,
    created_at: row[AT.created_at] as string,
    first_name: row[AT.first_name] as string | null,
    last_name: row[AT.last_name] as string | null,
    picture_url: row[AT.picture_url] as string | null,
    dob: row[AT.dob] as string | null,
    gender: row[AT.gender] as string | null,
    phone: row[AT.phone] as string | null,
    country: row[AT.country] as string | null,
    state: row[AT.state] as string | null,
    city: row[AT.city] as string | null,
    postal_code: row[AT.postal_code] as string | null,
    street_address_1: row[AT.street_address_1] as string | null,
    street_address_2: row[AT.street_address_2] as string | null,
  });
}

function toWallet(row: Cell[] | undefined): BalanceResponse | undefined {
  if (!row) return undefined;
  return Object.freeze({ balance: row[0] as number, currency: row[1] as string, updated_at: row[2] as string });
}

/** Answers kept per cache: about one per signed-in player active between two commits. */
const KEPT_ANSWERS = 5000;

const USER_SQL = `select ${USER_COLUMNS.map((column) => `u.${column}`).join(', ')} from users u, sessions s
  where u.id = ? and u.token_version = ? and s.id = ? and s.user_id = u.id and s.revoked_at is null`;
const WALLET_SQL = 'select balance, currency, updated_at from wallets where user_id = ?';

/**
 * SQLite: prepared statements on a second, read-only connection. They never wait behind Kysely's
 * connection (which serialises queries and transactions) and, in WAL mode, they read the last
 * committed state: never half of a transaction in flight.
 */
function sqliteLookup(file: string): AuthLookup {
  const reader = new BetterSqlite3(file, { fileMustExist: true });
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  const user = reader.prepare<[number, number, string], Cell[]>(USER_SQL).raw(true);
  const wallet = reader.prepare<[number], Cell[]>(WALLET_SQL).raw(true);
  const version = reader.prepare<[], number>('pragma data_version').pluck(true);
  // Reading once makes SQLite build the WAL index the counter reads.
  version.get();
  const commits = walChangeCounter(file);
  // One read per request: its auth check and its wallet read share it (oncePerTask).
  const dataVersion = oncePerTask(commits ? commits.read : () => version.get() as number);
  const users = new UntilCommitCache<UserRecord>(dataVersion, KEPT_ANSWERS);
  const wallets = new UntilCommitCache<BalanceResponse>(dataVersion, KEPT_ANSWERS);
  // With tracing on, each read that reaches the database is a span of the request (the plain
  // functions otherwise: no cost). A kept answer makes no span: no query ran.
  const tracing = activeTracing();
  const readUser = tracing
    ? (userId: number, version: number, sessionId: string) =>
        inQuerySpan(tracing, 'sqlite', USER_SQL, () => user.get(userId, version, sessionId))
    : (userId: number, version: number, sessionId: string) => user.get(userId, version, sessionId);
  const readWallet = tracing
    ? (userId: number) => inQuerySpan(tracing, 'sqlite', WALLET_SQL, () => wallet.get(userId))
    : (userId: number) => wallet.get(userId);
  return {
    // The session id alone would do (it names one user); the user and version make the key say
    // exactly what the query asked.
    find: (userId, version, sessionId) =>
      users.read(`${sessionId} ${userId} ${version}`, () => toRecord(readUser(userId, version, sessionId))),
    wallet: (userId) => wallets.read(String(userId), () => toWallet(readWallet(userId))),
    close: () => {
      commits?.close();
      reader.close();
      return Promise.resolve();
    },
  };
}

const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
};

/** PostgreSQL: named statements, parsed once per pooled connection. */
function postgresLookup(pool: Pool): AuthLookup {
  const userSql = numbered(USER_SQL);
  const walletSql = numbered(WALLET_SQL);
  return {
    find: async (userId, version, sessionId) => {
      const result = await pool.query<Cell[]>({
        name: 'auth-user-session',
        text: userSql,
        values: [userId, version, sessionId],
        rowMode: 'array',
      });
      return toRecord(result.rows[0]);
    },
    wallet: async (userId) => {
      const result = await pool.query<Cell[]>({ name: 'wallet-of-user', text: walletSql, values: [userId], rowMode: 'array' });
      return toWallet(result.rows[0]);
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
