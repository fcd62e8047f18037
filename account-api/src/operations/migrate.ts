import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import { migrateToLatest, pendingMigrations } from '../db/migrations';

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
    const applied = await migrateToLatest(database.db, database.dialect);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
    return;
  }
  const pending = await pendingMigrations(database.db, database.dialect);
  if (pending.length > 0) throw new Error(pendingMigrationsMessage(pending));
}
