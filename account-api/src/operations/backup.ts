import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import BetterSqlite3 from 'better-sqlite3';
import type { Config } from '../config';
import { connectDatabase, SQLITE_FILE_NAME, type DialectName } from '../db/connect';
import { migrationState } from '../db/migrations';
import { SECRET_FILE } from '../security/secrets';
import { createPictureStorage } from '../uploads/storage/create-storage';
import type { PictureStore } from '../uploads/storage/picture-storage';
import { runTool, toolConnection } from './postgres-tools';

/**
 * A backup is one folder, `account-api-<UTC time>`, holding everything the API keeps:
 * - `database.sqlite` (SQLite's online backup API: a consistent copy while the server writes) or
 *   `database.pgdump` (pg_dump's custom format, one consistent snapshot);
 * - `uploads/`, every picture of the storage (the folder or the bucket, `UPLOADS_STORAGE`), copied
 *   after the database, so every picture the database names is there (its bytes are written
 *   before its row, and never changed);
 * - `server-secret` when the server generated one into DATA_DIR (development): without it, every
 *   session and code in the backup would be unusable. A JWT_SECRET set in the environment is not
 *   copied: it lives in the operator's secret store.
 * - `manifest.json`: format, time, dialect, the migrations the database had, sizes and checksums.
 * It is written under a `.partial` name and renamed when complete, so a folder without that
 * suffix is always whole.
 */
export const BACKUP_FORMAT = 1;
const DATABASE_FILE: Record<DialectName, string> = { sqlite: 'database.sqlite', postgres: 'database.pgdump' };

export interface BackupManifest {
  format: number;
  createdAt: string;
  dialect: DialectName;
  /** Applied migrations when the backup was taken, newest last. */
  migrations: string[];
  database: { file: string; bytes: number; sha256: string };
  uploads: { files: number; bytes: number };
  serverSecret: boolean;
}

const sha256Of = (file: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => {
        resolve(hash.digest('hex'));
      });
  });

/** `20261124T071530Z`: sorts by time, and is a valid file name everywhere. */
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function copyPictures(storage: PictureStore, to: string): Promise<{ files: number; bytes: number }> {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  let files = 0;
  let bytes = 0;
  for await (const page of storage.list()) {
    for (const { name } of page) {
      // Keys below a deeper prefix are not ours; a picture deleted since the listing is skipped.
      if (name.includes('/')) continue;
      const picture = await storage.get(name);
      if (!picture) continue;
      const file = path.join(to, name);
      await pipeline(picture.body, fs.createWriteStream(file, { mode: 0o600 }));
      files += 1;
      bytes += fs.statSync(file).size;
    }
  }
  return { files, bytes };
}

/** Takes a backup with the server's settings into `backupDir`; returns the finished folder. */
export async function takeBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'pictureStorage'>,
  backupDir: string,
  now: Date = new Date(),
): Promise<string> {
  const database = connectDatabase(config);
  const name = `account-api-${stamp(now)}`;
  const finished = path.join(backupDir, name);
  const partial = `${finished}.partial`;
  if (fs.existsSync(finished)) throw new Error(`A backup named ${finished} already exists`);
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { mode: 0o700 });
  try {
    const { applied } = await migrationState(database.db, database.dialect);
    const databaseFile = path.join(partial, DATABASE_FILE[database.dialect]);
    if (database.dialect === 'sqlite') {
      // Through a connection of its own: the online backup copies pages while writers go on.
      const sqlite = new BetterSqlite3(path.join(config.dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
      try {
        await sqlite.backup(databaseFile);
      } finally {
        sqlite.close();
      }
    } else {
      const { url, env } = toolConnection(config.databaseUrl ?? '');
      await runTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${databaseFile}`, `--dbname=${url}`],
        env,
      );
    }
    fs.chmodSync(databaseFile, 0o600);
    const uploads = await copyPictures(createPictureStorage(config), path.join(partial, 'uploads'));
    const secretFile = path.join(config.dataDir, SECRET_FILE);
    const serverSecret = fs.existsSync(secretFile);
    if (serverSecret) {
      fs.copyFileSync(secretFile, path.join(partial, SECRET_FILE));
      fs.chmodSync(path.join(partial, SECRET_FILE), 0o600);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      dialect: database.dialect,
      migrations: applied,
      database: {
        file: DATABASE_FILE[database.dialect],
        bytes: fs.statSync(databaseFile).size,
        sha256: await sha256Of(databaseFile),
      },
      uploads,
      serverSecret,
    };
    fs.writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(partial, finished);
    return finished;
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await database.db.destroy();
  }
}

/** Reads and checks a backup folder's manifest and database checksum. */
export async function readBackup(folder: string): Promise<BackupManifest> {
  const manifestFile = path.join(folder, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${folder} is not a backup: it has no manifest.json`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`${folder}: backup format ${String(manifest.format)} is not one this release reads`);
  const databaseFile = path.join(folder, manifest.database.file);
  if (!fs.existsSync(databaseFile) || (await sha256Of(databaseFile)) !== manifest.database.sha256)
    throw new Error(`${folder}: ${manifest.database.file} is missing or does not match its checksum`);
  return manifest;
}

const FINISHED_BACKUP = /^account-api-\d{8}T\d{6}Z$/;

/**
 * When the newest whole backup in `backupDir` was taken (its manifest's createdAt), or null when
 * there is none: a `.partial` folder or one without a manifest is not a backup.
 */
export function newestBackupTime(backupDir: string): Date | null {
  let names: string[];
  try {
    names = fs.readdirSync(backupDir).filter((name) => FINISHED_BACKUP.test(name));
  } catch {
    return null;
  }
  // Names sort by time; the newest readable manifest wins.
  for (const name of names.sort().reverse()) {
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(backupDir, name, 'manifest.json'), 'utf8'),
      ) as Partial<BackupManifest>;
      const at = new Date(manifest.createdAt ?? '');
      if (Number.isFinite(at.getTime())) return at;
    } catch {
      // not whole: look at the one before
    }
  }
  return null;
}
