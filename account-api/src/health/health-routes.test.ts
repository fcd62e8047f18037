import { sql } from 'kysely';
import { API_PATHS } from '@portal/shared-contracts/account';
import { detailOf, json, setupTestServer } from '../testing/test-server';
import { READINESS_CACHE_MS } from './health-routes';

const server = setupTestServer({ databaseUrl: null });
// SQLite's query_only pragma makes the open database refuse writes, like a full or read-only disk.
const readOnly = (on: boolean) => sql.raw(`pragma query_only = ${on ? 'on' : 'off'}`).execute(server.context.database.db);
const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('/livez, /health and /readyz', () => {
  afterEach(() => readOnly(false));

  it('/livez and its alias /health answer without touching the database, and show no mail figures', async () => {
    await readOnly(true);
    for (const url of [API_PATHS.livez, API_PATHS.health]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(json<unknown>(response)).toEqual({ status: 'ok' });
    }
  });

  it('/readyz proves a write at most once per cache period, then tells a database that refuses writes', async () => {
    server.advance(READINESS_CACHE_MS + 1);
    const ready = await get(API_PATHS.readyz);
    expect(ready.statusCode).toBe(200);
    expect(json<unknown>(ready)).toEqual({ status: 'ok', database: server.context.database.dialect });
    await readOnly(true);
    // Within the period the answer is reused: no write per probe.
    expect((await get(API_PATHS.readyz)).statusCode).toBe(200);
    server.advance(READINESS_CACHE_MS + 1);
    const sick = await get(API_PATHS.readyz);
    expect(sick.statusCode).toBe(503);
    expect(detailOf(sick.body)).toBe('Database unavailable: it does not accept writes');
    expect(sick.body).not.toMatch(/mail|pending|dead/);
  });

  it('many probes at once share one check', async () => {
    server.advance(READINESS_CACHE_MS + 1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(API_PATHS.readyz)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.some((answer) => answer.body.includes('mail'))).toBe(false);
  });
});
