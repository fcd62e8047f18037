import { SignJWT } from 'jose';
import { API_PATHS, type LoginResponse, type UpdatePasswordResponse } from '@portal/shared-contracts/account';
import { buildApp, type App } from '../app';
import { deriveKeys, loadMasterSecret } from '../security/secrets';
import {
  bearer,
  changePassword,
  claimsOf,
  json,
  refresh,
  refreshedPlayer,
  resetPasswordByMail,
  signedInPlayer,
  startTestServer,
  type TestServer,
} from '../testing/test-server';

/**
 * Decision 0007 step 3: every authenticated request reads the user and the token's session, so a
 * password change or a revoked session (refresh family) is refused on the very next request, on
 * every instance. Sessions are revoked here by writing the row, as logout and reuse detection do.
 */
let server: TestServer;
/** A second instance on the same database, as behind a load balancer. */
let second: App;
beforeAll(async () => {
  server = await startTestServer();
  second = await buildApp({ config: server.context.config, logger: false });
});
afterAll(async () => {
  await second.app.close();
  await server.close();
});

const userInfo = (app: App, token: string) => app.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(token) });

/** A token signed with the server's own key: only the per-request check can refuse it. */
function signWithServerKey(claims: Record<string, unknown>, subject: string): Promise<string> {
  const key = deriveKeys(loadMasterSecret(null, server.dataDir)).jwt;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'access', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuer('account-api')
    .setAudience('games-portal')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .setJti('forged')
    .sign(key);
}

async function revokeSession(sessionId: string): Promise<void> {
  await server.context.database.db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString(), revoked_reason: 'logout' })
    .where('id', '=', sessionId)
    .execute();
}

describe('per-request session and token_version check', () => {
  it('issues access and refresh tokens that carry the session id of a live session row', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const access = claimsOf(tokens.access_token);
    expect(access.sid).toEqual(claimsOf(tokens.refresh_token).sid);
    const row = await server.context.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', access.sid)
      .executeTakeFirst();
    expect(row).toMatchObject({ user_id: Number(access.sub), revoked_at: null });
  });

  it('refuses the old token on the very next request after a password change, on every instance', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    expect((await userInfo(server, tokens.access_token)).statusCode).toBe(200);
    expect((await userInfo(second, tokens.access_token)).statusCode).toBe(200);
    const changed = await changePassword(server.app, tokens.access_token, player.password, 'Fresh-Passw0rd!');
    expect(changed.statusCode).toBe(200);
    for (const instance of [server, second]) {
      const refused = await userInfo(instance, tokens.access_token);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(json<{ detail: string }>(refused)).toEqual({ detail: 'Could not validate credentials' });
    }
    expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(401);
    const fresh = json<UpdatePasswordResponse>(changed);
    expect((await userInfo(second, fresh.access_token)).statusCode).toBe(200);
  });

  it('refuses the old token on the very next request after a password reset by mailed code', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const reset = await resetPasswordByMail(server.app, player.email, 'Fresh-Passw0rd!');
    expect(reset.statusCode).toBe(200);
    expect((await userInfo(server, tokens.access_token)).statusCode).toBe(401);
    expect((await userInfo(second, tokens.access_token)).statusCode).toBe(401);
  });

  it('refuses every token of a revoked session on the very next request, on every instance, and only that session', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const other = await server.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: player.email, password: player.password },
    });
    const otherTokens = json<LoginResponse>(other);
    expect((await userInfo(second, tokens.access_token)).statusCode).toBe(200);

    await revokeSession(claimsOf(tokens.access_token).sid);

    expect((await userInfo(server, tokens.access_token)).statusCode).toBe(401);
    expect((await userInfo(second, tokens.access_token)).statusCode).toBe(401);
    const balance = await second.app.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(tokens.access_token) });
    expect(balance.statusCode).toBe(401);
    expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(401);
    // The player's other sign-in is its own family and keeps working.
    expect((await userInfo(second, otherTokens.access_token)).statusCode).toBe(200);
  });

  it('refuses a token whose session row is gone', async () => {
    const { tokens } = await signedInPlayer(server.app);
    await server.context.database.db.deleteFrom('sessions').where('id', '=', claimsOf(tokens.access_token).sid).execute();
    expect((await userInfo(server, tokens.access_token)).statusCode).toBe(401);
  });

  it('refuses a correctly signed token without sid, or with another user’s session', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const { tokens: otherTokens } = await signedInPlayer(server.app);
    const mine = claimsOf(tokens.access_token);
    const withMySession = await signWithServerKey({ ver: mine.ver, sid: mine.sid }, mine.sub);
    expect((await userInfo(server, withMySession)).statusCode).toBe(200);
    const withoutSid = await signWithServerKey({ ver: mine.ver }, mine.sub);
    expect((await userInfo(server, withoutSid)).statusCode).toBe(401);
    const withTheirSession = await signWithServerKey({ ver: mine.ver, sid: claimsOf(otherTokens.access_token).sid }, mine.sub);
    expect((await userInfo(server, withTheirSession)).statusCode).toBe(401);
  });

  it('refresh swaps the refresh token: the new pair works; presenting the used one again revokes the family on every instance', async () => {
    const { tokens, next } = await refreshedPlayer(server.app);
    expect(claimsOf(next.access_token).sid).toBe(claimsOf(tokens.access_token).sid);
    expect((await userInfo(second, next.access_token)).statusCode).toBe(200);
    // Reuse of a spent refresh token (decision 0007): the whole session ends, from the next request on.
    expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(401);
    expect((await userInfo(second, next.access_token)).statusCode).toBe(401);
    expect((await refresh(server.app, next.refresh_token)).statusCode).toBe(401);
  });
});
