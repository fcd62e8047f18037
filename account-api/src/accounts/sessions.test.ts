import { API_PATHS, type LoginResponse } from '@portal/shared-contracts/account';
import {
  bearer,
  changePassword,
  claimsOf,
  form,
  json,
  login,
  refresh,
  refreshedPlayer,
  resetPasswordByMail,
  setupTestServer,
  signedInPlayer,
  STRONG_PASSWORD,
} from '../testing/test-server';
import { MESSAGES } from './auth-routes';

const server = setupTestServer();

const logout = (payload: unknown) => server.app.inject({ method: 'POST', url: API_PATHS.logout, payload: payload as object });
const me = (accessToken: string) => server.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(accessToken) });

describe('sessions (decision 0007, step 4)', () => {
  it('login opens a session row; both tokens carry its sid, the refresh token its jti', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const access = claimsOf(tokens.access_token);
    const refreshClaims = claimsOf(tokens.refresh_token);
    expect(typeof access.sid).toBe('string');
    expect(refreshClaims.sid).toBe(access.sid);
    const row = await server.context.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', access.sid)
      .executeTakeFirstOrThrow();
    expect(row.refresh_jti).toBe(refreshClaims.jti);
    expect(row.revoked_at).toBeNull();
  });

  it('refresh rotates: the new refresh token works, the used one does not', async () => {
    const { tokens, next } = await refreshedPlayer(server.app);
    expect(claimsOf(next.refresh_token).sid).toBe(claimsOf(tokens.refresh_token).sid);
    expect(claimsOf(next.refresh_token).jti).not.toBe(claimsOf(tokens.refresh_token).jti);
    expect(
      (await refresh(server.app, json<LoginResponse>(await refresh(server.app, next.refresh_token)).refresh_token)).statusCode,
    ).toBe(200);
  });

  it('a refresh token presented twice revokes its whole family, access tokens included', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const rotated = json<LoginResponse>(await refresh(server.app, tokens.refresh_token));
    // The thief replays the old token: refused, and the family ends.
    const replay = await refresh(server.app, tokens.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(json<{ detail: string }>(replay).detail).toBe(MESSAGES.badRefreshToken);
    expect((await refresh(server.app, rotated.refresh_token)).statusCode).toBe(401);
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });

  it('reuse ends only that family: another sign-in of the same player keeps working', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const other = json<LoginResponse>(await login(server.app, player.email, player.password));
    await refresh(server.app, tokens.refresh_token);
    await refresh(server.app, tokens.refresh_token);
    expect((await me(other.access_token)).statusCode).toBe(200);
    expect((await refresh(server.app, other.refresh_token)).statusCode).toBe(200);
  });
});

describe('POST /api/logout', () => {
  it('revokes the family: the access token is refused on the next request, the refresh token too', async () => {
    const { tokens } = await signedInPlayer(server.app);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    const out = await logout({ refresh_token: tokens.refresh_token });
    expect(out.statusCode).toBe(200);
    expect(json<unknown>(out)).toEqual({ detail: 'Logged out.' });
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(401);
  });

  it('is idempotent and takes a form body too', async () => {
    const { tokens } = await signedInPlayer(server.app);
    expect((await logout({ refresh_token: tokens.refresh_token })).statusCode).toBe(200);
    const again = await server.app.inject({
      method: 'POST',
      url: API_PATHS.logout,
      ...form({ refresh_token: tokens.refresh_token }),
    });
    expect(again.statusCode).toBe(200);
    expect(json<unknown>(again)).toEqual({ detail: 'Logged out.' });
  });

  it('answers bad input in the product §8 shape', async () => {
    const missing = await logout({});
    expect(missing.statusCode).toBe(422);
    expect(json<{ detail: { loc: string[] }[] }>(missing).detail[0]?.loc).toEqual(['body', 'refresh_token']);
    const garbage = await logout({ refresh_token: 'not-a-token' });
    expect(garbage.statusCode).toBe(401);
    expect(json<unknown>(garbage)).toEqual({ detail: MESSAGES.badRefreshToken });
    const { tokens } = await signedInPlayer(server.app);
    const accessInstead = await logout({ refresh_token: tokens.access_token });
    expect(accessInstead.statusCode).toBe(401);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
  });
});

describe('password change and reset end every session', () => {
  it('update-password revokes all sessions and answers with a fresh one', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const second = json<LoginResponse>(await login(server.app, player.email, player.password));
    const changed = await changePassword(server.app, tokens.access_token, STRONG_PASSWORD, 'N3w-passw0rd!');
    expect(changed.statusCode).toBe(200);
    const fresh = json<LoginResponse>(changed);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await refresh(server.app, second.refresh_token)).statusCode).toBe(401);
    expect((await me(fresh.access_token)).statusCode).toBe(200);
    const rows = await server.context.database.db
      .selectFrom('sessions')
      .select(['revoked_reason'])
      .where('id', 'in', [claimsOf(tokens.access_token).sid, claimsOf(second.access_token).sid])
      .execute();
    expect(rows.map((row) => row.revoked_reason)).toEqual(['password_changed', 'password_changed']);
  });

  it('reset-password revokes all sessions', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const reset = await resetPasswordByMail(server.app, player.email, 'N3w-passw0rd!');
    expect(reset.statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('password hashes follow the configured cost', () => {
  it('sign-in re-hashes a password stored with older parameters, and the new hash works', async () => {
    const { player } = await signedInPlayer(server.app);
    const { db } = server.context.database;
    const { hashPassword } = await import('../security/passwords');
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(player.password, 9) })
      .where('email', '=', player.email)
      .execute();
    expect((await login(server.app, player.email, player.password)).statusCode).toBe(200);
    const { password_hash } = await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', player.email)
      .executeTakeFirstOrThrow();
    expect(password_hash).toMatch(new RegExp(`^scrypt\\$${server.context.config.passwordHashCost}\\$8\\$1\\$`));
    expect((await login(server.app, player.username, player.password)).statusCode).toBe(200);
    // Tokens issued before the re-hash stay valid: nothing about the password changed.
    const before = json<LoginResponse>(await login(server.app, player.email, player.password));
    expect((await me(before.access_token)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('expire after ACCESS_TOKEN_TTL_SECONDS with 401', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const call = () => server.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(tokens.access_token) });
    expect((await call()).statusCode).toBe(200);
    server.advance((server.context.config.accessTokenTtlSeconds + 1) * 1000);
    expect((await call()).statusCode).toBe(401);
  });
});
