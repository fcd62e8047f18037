import type { LoginResponse } from '@portal/shared-contracts/account';
import { setupServerWithOwnDatabase } from '../testing/own-database';
import { json, newPlayer, refresh, register, signedInPlayer } from '../testing/test-server';

const DAY = 24 * 60 * 60 * 1000;
// Refresh tokens last 14 days (the default); sessions at most 30 days from sign-in.
// Its own database: the purge at day 31 would end the sessions of test files running beside it.
const own = setupServerWithOwnDatabase('session_lifetime', {
  refreshTokenTtlSeconds: 14 * 24 * 60 * 60,
  retention: { purgeIntervalMs: 60 * 60 * 1000, sessionMaxAgeMs: 30 * DAY, unverifiedAccountMs: 7 * DAY },
});
const server = () => own.server();

describe('sessions have an absolute lifetime', () => {
  it('refreshing every 10 days keeps a session only until 30 days after sign-in', async () => {
    let { tokens } = await signedInPlayer(server().app);
    for (let day = 10; day <= 20; day += 10) {
      server().advance(10 * DAY);
      const renewed = await refresh(server().app, tokens.refresh_token);
      expect(renewed.statusCode).toBe(200);
      tokens = json<LoginResponse>(renewed);
    }
    server().advance(10 * DAY + 1000); // day 30 and a second: inside the refresh token's 14 days, past the session's 30
    const late = await refresh(server().app, tokens.refresh_token);
    expect(late.statusCode).toBe(401);
  });
});

describe('the purge job', () => {
  it('deletes ended sessions and accounts never verified within 7 days, and keeps the rest', async () => {
    const { player: kept } = await signedInPlayer(server().app);
    const abandoned = newPlayer('abandoned');
    await register(server().app, abandoned);
    const db = server().context.database.db;
    const userId = async (email: string) =>
      (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
    const keptId = await userId(kept.email);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', keptId!).execute()).toHaveLength(1);

    server().advance(31 * DAY);
    const purged = await server().purgeJob.runOnce();
    expect(purged.ended_sessions).toBeGreaterThanOrEqual(1);
    expect(purged.unverified_accounts).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', keptId!).execute()).toEqual([]);
    expect(await userId(abandoned.email)).toBeUndefined();
    expect(await userId(kept.email)).toBe(keptId);
  });
});
