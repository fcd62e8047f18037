import path from 'node:path';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrationState } from '../db/migrations';
import { loadMasterSecret } from '../security/secrets';
import { addSigningKey } from '../security/signing-keys';
import { takeBackup } from './backup';
import { applyMigrations } from './migrate';
import { restoreBackup } from './restore';

/**
 * `node dist/operations.js <command>`: the operator's commands, reading the same settings as the
 * server (DATA_DIR, DATABASE_URL, JWT_SECRET, … and their *_FILE forms). npm scripts:
 * `npm run migrate|backup|restore|rotate-key -w account-api`.
 */
const USAGE = 'usage: operations.js migrate | backup | restore <backup folder> | rotate-key [--retire-previous]';

async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = connectDatabase(config);
  try {
    const applied = await applyMigrations(database);
    console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'the database is up to date');
  } finally {
    await database.db.destroy();
  }
}

/** The backup's folder is the last line printed, for scripts: `dir=$(npm run -s backup -w account-api | tail -n 1)`. */
async function backup(): Promise<void> {
  const config = loadConfig();
  const folder = await takeBackup(config, config.operations.backupDir);
  console.log(`backup of ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'} and uploads written to:`);
  console.log(folder);
}

async function restore(folder: string | undefined): Promise<void> {
  if (!folder) throw new Error('usage: npm run restore -w account-api -- <backup folder>');
  const config = loadConfig();
  const { manifest, pending } = await restoreBackup(config, path.resolve(folder));
  console.log(
    `restored the backup of ${manifest.createdAt} (${manifest.dialect}, ${String(manifest.uploads.files)} upload(s)) into ` +
      `${config.databaseUrl ? 'DATABASE_URL' : config.dataDir} and ` +
      (config.pictureStorage.driver === 's3'
        ? `the bucket ${config.pictureStorage.bucket}`
        : path.join(config.dataDir, 'uploads')),
  );
  if (pending.length > 0)
    console.log(`this release has ${String(pending.length)} newer migration(s): run "npm run migrate -w account-api" next`);
}

/**
 * A new JWT key that every instance starts signing with two refresh periods from now (by then all
 * have read it); earlier keys keep verifying until their last token expires. `--retire-previous`
 * (a leaked key): earlier keys stop verifying when the new one starts, which signs everyone out.
 */
async function rotateKey(flags: readonly string[]): Promise<void> {
  const unknown = flags.filter((flag) => flag !== '--retire-previous');
  if (unknown.length > 0) throw new Error(`rotate-key: unknown option ${unknown.join(' ')}; ${USAGE}`);
  const config = loadConfig();
  const database = connectDatabase(config);
  try {
    const { pending } = await migrationState(database.db, database.dialect);
    if (pending.includes('0010_signing_keys'))
      throw new Error('The database has no signing_keys table yet: run "npm run migrate -w account-api" first');
    const retirePrevious = flags.includes('--retire-previous');
    const { kid, activeFrom } = await addSigningKey({
      db: database.db,
      master: loadMasterSecret(config.jwtSecret, config.dataDir),
      now: new Date(),
      activationDelayMs: 2 * config.operations.signingKeyRefreshMs,
      retirePrevious,
    });
    console.log(`signing key ${kid} added; every instance signs with it from ${activeFrom}`);
    console.log(
      retirePrevious
        ? 'earlier keys stop verifying then: every session ends at that moment'
        : 'earlier keys keep verifying until the tokens they signed expire: no one is signed out',
    );
  } finally {
    await database.db.destroy();
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const [command] = argv;
  switch (command) {
    case 'migrate':
      await migrate();
      return;
    case 'backup':
      await backup();
      return;
    case 'restore':
      await restore(argv[1]);
      return;
    case 'rotate-key':
      await rotateKey(argv.slice(1));
      return;
    default:
      throw new Error(USAGE);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
