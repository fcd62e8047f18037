import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrations';

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
    const applied = await migrateToLatest(database.db, database.dialect);
    console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'the database is up to date');
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
    default:
      throw new Error(USAGE);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
