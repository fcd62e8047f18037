import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config';
import { connectDatabase, SQLITE_FILE_NAME } from '../db/connect';
import { migrationState } from '../db/migrations';
import { ensurePrivateDir, SECRET_FILE } from '../security/secrets';
import { readBackup, type BackupManifest } from './backup';
import { runTool, toolConnection } from './postgres-tools';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations this release has that the restored database lacks: run `npm run migrate` next. */
  pending: string[];
}

/** What is in the way of a restore, or null when the database and the upload folder are empty. */
async function whatIsInTheWay(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<string | null> {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const uploads = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).length : 0;
  if (uploads > 0) return `the upload folder ${uploadsDir} holds ${String(uploads)} file(s)`;
  if (!config.databaseUrl) {
    const file = path.join(config.dataDir, SQLITE_FILE_NAME);
    if (fs.existsSync(file) && fs.statSync(file).size > 0) return `the database file ${file} exists`;
    return null;
  }
  const database = connectDatabase(config);
  try {
    const { rows } = await sql<{ count: string | number }>`
      SELECT count(*) AS count FROM information_schema.tables WHERE table_schema = current_schema()`.execute(database.db);
    const tables = Number(rows[0]?.count ?? 0);
    return tables > 0 ? `the database ${database.location} has ${String(tables)} table(s)` : null;
  } finally {
    await database.db.destroy();
  }
}

/**
 * Restores a backup folder into the database and DATA_DIR of the given settings, which must be
 * empty: a restore never merges into or overwrites live data. The dialect must match the
 * backup's (a SQLite backup goes into SQLite, a pg_dump into PostgreSQL).
 */
export async function restoreBackup(config: Pick<Config, 'dataDir' | 'databaseUrl'>, folder: string): Promise<RestoreResult> {
  const manifest = await readBackup(folder);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== dialect)
    throw new Error(
      `This backup is of a ${manifest.dialect} database, and the settings point at ${dialect}` +
        (dialect === 'sqlite' ? ' (DATABASE_URL is not set)' : ' (DATABASE_URL is set)'),
    );
  const inTheWay = await whatIsInTheWay(config);
  if (inTheWay)
    throw new Error(
      `Refusing to restore: ${inTheWay}. A restore goes into an empty database and an empty upload folder; ` +
        'move the current data aside (or point DATA_DIR / DATABASE_URL elsewhere) first.',
    );

  ensurePrivateDir(config.dataDir);
  const databaseFile = path.join(folder, manifest.database.file);
  if (dialect === 'sqlite') {
    const target = path.join(config.dataDir, SQLITE_FILE_NAME);
    for (const stale of [target, `${target}-wal`, `${target}-shm`]) fs.rmSync(stale, { force: true });
    fs.copyFileSync(databaseFile, target);
    fs.chmodSync(target, 0o600);
  } else {
    const { url, env } = toolConnection(config.databaseUrl ?? '');
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, databaseFile],
      env,
    );
  }

  const uploadsDir = path.join(config.dataDir, 'uploads');
  ensurePrivateDir(uploadsDir);
  const savedUploads = path.join(folder, 'uploads');
  if (fs.existsSync(savedUploads)) {
    for (const name of fs.readdirSync(savedUploads)) {
      fs.copyFileSync(path.join(savedUploads, name), path.join(uploadsDir, name));
      fs.chmodSync(path.join(uploadsDir, name), 0o600);
    }
  }
  const secretTarget = path.join(config.dataDir, SECRET_FILE);
  if (manifest.serverSecret && !fs.existsSync(secretTarget)) {
    fs.copyFileSync(path.join(folder, SECRET_FILE), secretTarget);
    fs.chmodSync(secretTarget, 0o600);
  }

  const database = connectDatabase(config);
  try {
    const { pending } = await migrationState(database.db, database.dialect);
    return { manifest, pending };
  } finally {
    await database.db.destroy();
  }
}
