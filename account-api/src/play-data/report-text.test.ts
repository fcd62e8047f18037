import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PLAY_DATA_PATHS } from '@portal/shared-contracts/play-data';
import { buildOnce, removeBuild } from '../testing/built-server';
import { createOwnDatabase } from '../testing/own-database';
import { startTestServer, type TestServer } from '../testing/test-server';
import { cleanReportText, terminalJson, terminalLine } from './report-text';

/** Erase the line, a hidden link (OSC 8 ended by BEL), the one-byte CSI (U+009B), a bidi override. */
const HOSTILE = 'Game froze\r\n\x1b[2K\x1b]8;;https://evil.example/\x07click here\x1b]8;;\x07\x9b31m red\u202e reversed\ttab\x00';
/** What a terminal acts on: C0 but the line feed, DEL, C1. */
// eslint-disable-next-line no-control-regex -- the test looks for exactly these
const TERMINAL_CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u;

describe('report words without control characters', () => {
  it('are stored with their line breaks, a tab as a space, and every other control character dropped', () => {
    expect(cleanReportText(HOSTILE)).toBe('Game froze\n[2K]8;;https://evil.example/click here]8;;31m red reversed tab');
    expect(cleanReportText(' \x1b\x07 ')).toBeNull();
    expect(cleanReportText(undefined)).toBeNull();
  });

  it('print as one line or as JSON with no control byte left raw (the JSON still reads back the same)', () => {
    const line = terminalLine(`#5 ${HOSTILE}`);
    expect(line).not.toMatch(TERMINAL_CONTROLS);
    expect(line).not.toMatch(/\n/u);
    expect(line).toContain('\\u001b[2K');
    const value = { text: HOSTILE };
    const text = terminalJson(value);
    expect(text).not.toMatch(TERMINAL_CONTROLS);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('POST /api/reports and `npm run reports`', () => {
  let server: TestServer;
  let outdir = '';
  let databaseUrl = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    outdir = buildOnce('reports');
    const own = await createOwnDatabase('report_text');
    dropDatabase = own ? () => own.drop() : undefined;
    databaseUrl = own?.url ?? '';
    server = await startTestServer(own ? { databaseUrl: own.url } : {});
  }, 120_000);
  afterAll(async () => {
    removeBuild(outdir);
    await server.close();
    await dropDatabase?.();
  });

  const reportsCli = (args: string[]) =>
    spawnSync(process.execPath, [path.join(outdir, 'reports.js'), ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: server.dataDir, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });

  it('the API keeps the words cleaned; the listing prints no ESC, BEL or CSI, even for a row stored before', async () => {
    const posted = await server.app.inject({
      method: 'POST',
      url: PLAY_DATA_PATHS.reports,
      payload: { gameId: 5, deviceId: 'reportTextDevice000001', reason: 'stuck', text: HOSTILE },
    });
    expect(posted.statusCode).toBe(201);
    const { db } = server.context.database;
    const [stored] = await db.selectFrom('game_reports').select('text').where('game_id', '=', 5).execute();
    expect(stored?.text).toBe(cleanReportText(HOSTILE));
    // A row written before the words were cleaned at the door (PostgreSQL never took a NUL: that
    // was a 500 there, now cleaned away too).
    await db
      .insertInto('game_reports')
      .values({
        game_id: 6,
        reporter: 'old-row',
        day: '2026-11-01',
        reason: 'other\x1b[31m',
        text: HOSTILE.replace('\x00', ''),
        created_at: '2026-11-01T10:00:00.000Z',
      })
      .execute();

    // Read as UTF-8, as a terminal does: U+009B (c2 9b) is the one-byte CSI to such a terminal.
    const listed = reportsCli([]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain('Game froze');
    // One line per report, however many line breaks its words hold.
    const reportLines = listed.stdout.split('Reports, newest first:\n')[1] ?? '';
    expect(reportLines.split('\n').filter(Boolean)).toHaveLength(2);
    expect(listed.stdout).not.toMatch(TERMINAL_CONTROLS);
    const asJson = reportsCli(['--json']);
    expect(asJson.status).toBe(0);
    expect(asJson.stdout).not.toMatch(TERMINAL_CONTROLS);
  });
});
