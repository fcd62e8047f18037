import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { Pool } from 'pg';
import { activeTracing, type Tracing } from '@portal/service-tracing';
import { inQuerySpan } from '../observability/tracing';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for the start-up log (no password); the file itself for SQLite. */
  location: string;
  /** PostgreSQL only: the pool under Kysely, for named prepared statements (db/auth-lookup.ts). */
  pool?: Pool;
}

export const SQLITE_FILE_NAME = 'account.sqlite';

/** Query shapes whose prepared statement is kept (Kysely sends a handful of distinct SQL texts). */
const STATEMENT_CACHE_SIZE = 256;

/** The ROLLBACK of a transaction SQLite already ended: does nothing, as Kysely's driver expects of a statement. */
const NOTHING_TO_ROLL_BACK = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
} as unknown as BetterSqlite3.Statement;

/**
 * Kysely's SQLite driver asks better-sqlite3 to prepare every query it runs, which costs more
 * than running it (decision 0024). This keeps the prepared statements by SQL text. Kysely runs one
 * query at a time on its one connection, so a statement is never in use twice at once.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql) => {
      // SQLite ends the transaction itself on some errors (SQLITE_FULL, IOERR, a busy deadlock);
      // Kysely's ROLLBACK would then fail and its error would replace the real one (a 500 in
      // place of the 503 a full disk earns). Nothing is left to roll back: skip it.
      if (/^\s*rollback\s*$/i.test(sql) && !sqlite.inTransaction) return NOTHING_TO_ROLL_BACK;
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * With tracing on, every statement Kysely runs on SQLite is a span under the request's (there is
 * no instrumentation package for better-sqlite3). PostgreSQL's come from its instrumentation.
 */
function withQuerySpans(database: SqliteDatabase, tracing: Tracing): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql): SqliteStatement => {
      const statement = database.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) => inQuerySpan(tracing, 'sqlite', sql, () => statement.all(parameters)),
        run: (parameters) => inQuerySpan(tracing, 'sqlite', sql, () => statement.run(parameters)),
        iterate: (parameters) => statement.iterate(parameters),
      };
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded SQLite file in dataDir. */
export function connectDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  databasePoolSize?: number;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.databasePoolSize ?? 10 });
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      location: `postgres://${url.host}${url.pathname}`,
      pool,
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(options.dataDir, 0o700);
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  // Created private before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  const sqlite = new BetterSqlite3(file);
  // WAL lets readers run while a write is in flight; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  // Every commit is synced before it is acknowledged: a write survives kill -9 and power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const tracing = activeTracing();
  const cached = withStatementCache(sqlite);
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: tracing ? withQuerySpans(cached, tracing) : cached }) }),
    dialect: 'sqlite',
    location: file,
  };
}

/** Unique-constraint violations look different per driver. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = error.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
