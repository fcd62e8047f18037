import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config';
import { connectDatabase, SQLITE_FILE_NAME } from '../db/connect';
import { migrationState } from '../db/migrations';
import { ensurePrivateDir, SECRET_FILE } from '../security/secrets';
import { createPictureStorage } from '../uploads/storage/create-storage';
import { contentTypeOf, type PictureStorage } from '../uploads/storage/picture-storage';
import { readBackup, type BackupManifest } from './backup';
import { runTool, toolConnection } from './postgres-tools';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations this release has that the restored database lacks: run `npm run migrate` next. */
  pending: string[];
}

/** What is in the way of a restore, or null when the database and the picture storage are empty. */
async function whatIsInTheWay(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'pictureStorage'>,
  storage: PictureStorage,
): Promise<string | null> {
  let uploads = 0;
  for await (const page of storage.list()) uploads += page.length;
  if (uploads > 0)
    return storage.kind === 'fs'
      ? `the upload folder ${storage.dir} holds ${String(uploads)} file(s)`
      : `the bucket ${config.pictureStorage.driver === 's3' ? config.pictureStorage.bucket : ''} holds ${String(uploads)} picture(s)`;
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
export async function restoreBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'pictureStorage'>,
  folder: string,
): Promise<RestoreResult> {
  const manifest = await readBackup(folder);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== dialect)
    throw new Error(
      `This backup is of a ${manifest.dialect} database, and the settings point at ${dialect}` +
        (dialect === 'sqlite' ? ' (DATABASE_URL is not set)' : ' (DATABASE_URL is set)'),
    );
  const storage = createPictureStorage(config);
  const inTheWay = await whatIsInTheWay(config, storage);
  if (inTheWay)
    throw new Error(
      `Refusing to restore: ${inTheWay}. A restore goes into an empty database and an empty upload folder (or bucket); ` +
        'move the current data aside (or point DATA_DIR / DATABASE_URL / S3_BUCKET elsewhere) first.',
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

  // Into the folder or the bucket the settings name, whichever the backup came from.
  await storage.prepare();
  const savedUploads = path.join(folder, 'uploads');
  if (fs.existsSync(savedUploads)) {
    for (const name of fs.readdirSync(savedUploads))
      await storage.put(name, fs.readFileSync(path.join(savedUploads, name)), contentTypeOf(name));
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
