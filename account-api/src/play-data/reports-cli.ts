// `npm run reports -w account-api [-- --limit 50] [--json]`: each game's health as the link
// checker judged it (decision 0058) beside its players' reports of the last 7 days, then the
// reports themselves, newest first; read from the database the API uses (DATABASE_URL or
// DATA_DIR's SQLite).
import { GAMES } from '@portal/shared-contracts';
import { PLAY_DATA_TEXT } from '@portal/shared-contracts/play-data';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { GameHealthStore, type GameHealth } from '../game-health/health-store';
import { terminalJson, terminalLine } from './report-text';
import { ReportStore } from './reports';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function limitFrom(args: string[]): number {
  const at = args.indexOf('--limit');
  if (at === -1) return 100;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error('--limit takes a positive whole number');
  return value;
}

const nameOf = (gameId: number) => GAMES.find((entry) => entry.id === gameId)?.name ?? `game ${gameId}`;

/** One line per game that is unavailable, failing, flagged or reported; healthy unreported games are counted only. */
function healthLines(health: readonly GameHealth[], reports: ReadonlyMap<number, number>): string[] {
  const byGame = new Map(health.map((entry) => [entry.gameId, entry]));
  const lines: string[] = [];
  let quiet = 0;
  for (const game of [...GAMES].sort((a, b) => a.id - b.id)) {
    const entry = byGame.get(game.id);
    const reported = reports.get(game.id) ?? 0;
    if (!entry?.failures && entry?.status !== 'unavailable' && !entry?.flaggedAt && reported === 0) {
      quiet += 1;
      continue;
    }
    const status = entry?.status === 'unavailable' ? 'UNAVAILABLE' : 'available';
    const failing = entry?.failures
      ? `, ${entry.failures} failed in a row (${entry.lastDetail ?? entry.lastOutcome ?? '?'})`
      : '';
    const checked = entry?.lastCheckedAt ? `, checked ${entry.lastCheckedAt}` : ', never checked';
    const flagged = entry?.flaggedAt ? ', flagged by reports' : '';
    lines.push(`#${game.id} ${game.name}: ${status}${failing}${checked}${flagged}; ${reported} report(s) in 7 days`);
  }
  const checkedAny = health.some((entry) => entry.lastCheckedAt !== null);
  lines.push(
    `${quiet} other game(s) healthy and unreported${checkedAny ? '' : ' (no check has run: GAME_CHECKS is off or new)'}.`,
  );
  return lines;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const database = connectDatabase(loadConfig());
  try {
    const store = new ReportStore(database.db);
    const [reports, health, recent] = await Promise.all([
      store.list(limitFrom(args)),
      new GameHealthStore(database.db).all(),
      store.countsSince(new Date(Date.now() - WEEK_MS)),
    ]);
    if (args.includes('--json')) {
      const games = GAMES.map((game) => ({
        gameId: game.id,
        name: game.name,
        health: health.find((entry) => entry.gameId === game.id) ?? null,
        reportsLast7Days: recent.get(game.id) ?? 0,
      }));
      process.stdout.write(`${terminalJson({ games, reports })}\n`);
      return;
    }
    process.stdout.write(`Game health and reports (${database.location}):\n`);
    // A check's detail quotes a game host's answer: shown, never sent raw either.
    for (const line of healthLines(health, recent)) process.stdout.write(`  ${terminalLine(line)}\n`);
    if (reports.length === 0) {
      process.stdout.write('No reports.\n');
      return;
    }
    process.stdout.write('Reports, newest first:\n');
    for (const report of reports) {
      const reason = (PLAY_DATA_TEXT.reportReasons as Record<string, string | undefined>)[report.reason] ?? report.reason;
      const words = report.text ? ` "${report.text}"` : '';
      // Rows stored before the words were cleaned may still hold control characters: shown, never sent raw.
      process.stdout.write(
        `  ${terminalLine(`${report.createdAt}  #${report.gameId} ${nameOf(report.gameId)}: ${reason}${words}`)}\n`,
      );
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
    ? 'This database lacks the reports or game health tables: start the API on it once (it migrates at start-up).'
    : error instanceof Error
      ? error.message
      : String(error);
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
});
