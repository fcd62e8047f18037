import { sql } from 'kysely';
import { API_PATHS } from '@portal/shared-contracts/account';
import { form, json, newPlayer, signedInPlayer, setupTestServer } from '../testing/test-server';
import { READINESS_CACHE_MS } from '../health/health-routes';
import { STORAGE_UNAVAILABLE } from './errors';

/** SQLite's query_only pragma turns the open database read-only, like a read-only file or replica. */
const server = setupTestServer({ databaseUrl: null });
const readOnly = (on: boolean) => sql.raw(`pragma query_only = ${on ? 'on' : 'off'}`).execute(server.context.database.db);
const post = (url: string, fields: Record<string, string>) => server.app.inject({ method: 'POST', url, ...form(fields) });

describe('a database that refuses writes', () => {
  afterEach(() => readOnly(false));

  it('/readyz proves a write: 200 when it commits, 503 when it is refused, and leaves no row', async () => {
    server.advance(READINESS_CACHE_MS + 1);
    const healthy = await server.app.inject({ method: 'GET', url: API_PATHS.readyz });
    expect(healthy.statusCode).toBe(200);
    const leftovers = await server.context.database.db
      .selectFrom('users')
      .select('id')
      .where('username', 'like', '__write_check__%')
      .execute();
    expect(leftovers).toEqual([]);
    await readOnly(true);
    server.advance(READINESS_CACHE_MS + 1);
    const sick = await server.app.inject({ method: 'GET', url: API_PATHS.readyz });
    expect(sick.statusCode).toBe(503);
    expect(json<{ detail: string }>(sick).detail).toMatch(/does not accept writes/);
  });

  it('answers 503 with a clear detail, never 500, and the same for known and unknown addresses', async () => {
    const { player } = await signedInPlayer(server.app);
    await readOnly(true);
    const expected = { status: 503, body: { detail: STORAGE_UNAVAILABLE } };
    const answer = async (url: string, fields: Record<string, string>) => {
      const response = await post(url, fields);
      return { status: response.statusCode, body: json<unknown>(response) };
    };
    expect(await answer(API_PATHS.forgotPassword, { email: player.email })).toEqual(expected);
    expect(await answer(API_PATHS.forgotPassword, { email: `nobody-${player.email}` })).toEqual(expected);
    expect(await answer(API_PATHS.resendVerification, { email: player.email })).toEqual(expected);
    expect(await answer(API_PATHS.resendVerification, { email: `nobody-${player.email}` })).toEqual(expected);
    expect(await answer(API_PATHS.register, newPlayer())).toEqual(expected);
    const signIn = await server.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: player.username, password: player.password },
    });
    expect({ status: signIn.statusCode, body: json<unknown>(signIn) }).toEqual(expected);
  });
});
