// `npm run reports -w account-api [-- --limit 50] [--json]`: the players' reports of broken
// games, newest first, read from the database the API uses (DATABASE_URL or DATA_DIR's SQLite).
import { GAMES } from 'shared-contracts';
import { PLAY_DATA_TEXT } from 'shared-contracts/play-data';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { terminalJson, terminalLine } from './report-text';
import { ReportStore } from './reports';

function limitFrom(args: string[]): number {
  const at = args.indexOf('--limit');
  if (at === -1) return 100;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error('--limit takes a positive whole number');
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const database = connectDatabase(loadConfig());
  try {
    const reports = await new ReportStore(database.db).list(limitFrom(args));
    if (args.includes('--json')) {
      process.stdout.write(`${terminalJson(reports)}\n`);
      return;
    }
    if (reports.length === 0) {
      process.stdout.write(`No reports (${database.location}).\n`);
      return;
    }
    for (const report of reports) {
      const game = GAMES.find((entry) => entry.id === report.gameId)?.name ?? `game ${report.gameId}`;
      const reason = (PLAY_DATA_TEXT.reportReasons as Record<string, string | undefined>)[report.reason] ?? report.reason;
      const words = report.text ? ` "${report.text}"` : '';
      // Rows stored before the words were cleaned may still hold control characters: shown, never sent raw.
      process.stdout.write(`${terminalLine(`${report.createdAt}  #${report.gameId} ${game}: ${reason}${words}`)}\n`);
    }
  } finally {
    await database.db.destroy();
  }
}

/** SQLite's and PostgreSQL's "no such table": a database the API (which migrates at start) has not run on. */
const isMissingTable = (error: unknown) =>
  error instanceof Error && (/no such table/.test(error.message) || (error as { code?: unknown }).code === '42P01');

main().catch((error: unknown) => {
  const message = isMissingTable(error)
    ? 'This database has no reports table yet: start the API on it once (it migrates at start-up).'
    : error instanceof Error
      ? error.message
      : String(error);
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
});
