import fs from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import { migrateToLatest, pendingMigrations } from '../db/migrations';

/** Longest wait for another process's migration to finish. */
const LOCK_WAIT_MS = 120_000;

/**
 * Applies pending migrations under a lock across processes. PostgreSQL: Kysely's migrator takes an
 * advisory lock. SQLite: Kysely's lock holds only within one process (two at once fail with
 * "table already exists"), so an immediate transaction on a lock file beside the database
 * serialises them; SQLite's own file lock is released if the process dies.
 */
export async function applyMigrations(database: DatabaseHandle): Promise<string[]> {
  if (database.dialect !== 'sqlite') return migrateToLatest(database.db, database.dialect);
  const lockFile = `${database.location}.migration-lock`;
  const lock = new BetterSqlite3(lockFile, { timeout: LOCK_WAIT_MS });
  try {
    fs.chmodSync(lockFile, 0o600);
    lock.exec('BEGIN IMMEDIATE');
    return await migrateToLatest(database.db, database.dialect);
  } finally {
    lock.close(); // rolls back the empty transaction: the next process goes on
  }
}

/** The start-up refusal's text: what is pending and the one command that fixes it. */
export function pendingMigrationsMessage(pending: readonly string[]): string {
  return (
    `The database is behind this release: ${String(pending.length)} migration(s) pending (${pending.join(', ')}). ` +
    'With NODE_ENV=production the API does not change the schema at start-up: run "npm run migrate -w account-api" ' +
    '(same DATABASE_URL / DATA_DIR) first, then start it.'
  );
}

/**
 * Development migrates at start-up; production only checks, so a schema change is a step of its
 * own that an operator runs once (under the migrator's lock) before the new release starts, and
 * the release before it keeps running on the expanded schema meanwhile (README: expand, migrate, contract).
 */
export async function bringSchemaUpToDate(
  database: DatabaseHandle,
  config: Pick<Config, 'operations'>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (config.operations.migrateAtStart) {
    const applied = await applyMigrations(database);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
    return;
  }
  const pending = await pendingMigrations(database.db, database.dialect);
  if (pending.length > 0) throw new Error(pendingMigrationsMessage(pending));
}
