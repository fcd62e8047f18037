import { API_PATHS, type LoginResponse, type UserRecord } from '@portal/shared-contracts/account';
import { bearer, form, json, latestMail, postAs, setupTestServer, signedInPlayer, STRONG_PASSWORD } from '../testing/test-server';

const PHONE = '+33 6 12 34 56 78';
const NEW_PASSWORD = 'Pl4nted-Secret!';
const STREET = '17 Rue des Planted';

const lines: string[] = [];
const server = setupTestServer({ logLevel: 'trace' }, { logger: true, logStream: { write: (line) => void lines.push(line) } });

describe('sensitive fields: accepted in the body, never in the logs', () => {
  it('save_profile takes its fields from a JSON or form body as well as from the query (product §7)', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const viaJson = await postAs(server.app, API_PATHS.saveProfile, tokens.access_token, {
      phone: PHONE,
      street_address_1: STREET,
    });
    expect(viaJson.statusCode).toBe(200);
    expect(json<UserRecord>(viaJson)).toMatchObject({ phone: PHONE, street_address_1: STREET });
    const viaForm = await server.app.inject({
      method: 'POST',
      url: API_PATHS.saveProfile,
      ...form({ city: 'Lyon' }),
      headers: { ...form({}).headers, ...bearer(tokens.access_token) },
    });
    expect(json<UserRecord>(viaForm)).toMatchObject({ city: 'Lyon', phone: PHONE });
    const viaQuery = await server.app.inject({
      method: 'POST',
      url: `${API_PATHS.saveProfile}?city=Paris`,
      headers: bearer(tokens.access_token),
    });
    expect(json<UserRecord>(viaQuery)).toMatchObject({ city: 'Paris' });
    const bad = await server.app.inject({
      method: 'POST',
      url: API_PATHS.saveProfile,
      headers: bearer(tokens.access_token),
      payload: { dob: 'yesterday' },
    });
    expect(bad.statusCode).toBe(422);
    expect(json<{ detail: { loc: string[] }[] }>(bad).detail[0]?.loc).toEqual(['body', 'dob']);
  });

  it('update-password takes a form body too', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const changed = await server.app.inject({
      method: 'POST',
      url: API_PATHS.updatePassword,
      ...form({ old_password: STRONG_PASSWORD, new_password: NEW_PASSWORD }),
      headers: { ...form({}).headers, ...bearer(tokens.access_token) },
    });
    expect(changed.statusCode).toBe(200);
    const again = await server.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: player.username, password: NEW_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it('no log line carries a planted phone number, address, password or code, whatever way they were sent', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const auth = bearer(tokens.access_token);
    const query = new URLSearchParams({ phone: PHONE, street_address_1: STREET }).toString();
    await server.app.inject({ method: 'POST', url: `${API_PATHS.saveProfile}?${query}`, headers: auth });
    await server.app.inject({ method: 'POST', url: API_PATHS.saveProfile, headers: auth, payload: { phone: PHONE } });
    const passwords = new URLSearchParams({ old_password: player.password, new_password: NEW_PASSWORD }).toString();
    const changed = await server.app.inject({ method: 'POST', url: `${API_PATHS.updatePassword}?${passwords}`, headers: auth });
    expect(changed.statusCode).toBe(200);
    const fresh = json<LoginResponse>(changed);
    await server.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: player.email, password: NEW_PASSWORD },
    });
    await server.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: player.email, password: 'Wr0ng-planted!' },
    });
    await server.app.inject({ method: 'POST', url: API_PATHS.forgotPassword, ...form({ email: player.email }) });
    const code = (await latestMail(server.app, player.email)).code ?? '';
    await server.app.inject({
      method: 'POST',
      url: API_PATHS.resetPassword,
      ...form({ email: player.email, reset_code: code, new_password: 'Another-Pl4nted!' }),
    });
    await server.app.inject({ method: 'POST', url: API_PATHS.logout, payload: { refresh_token: fresh.refresh_token } });

    const log = lines.join('');
    expect(log).toContain('/api/save_profile');
    for (const secret of [
      PHONE,
      encodeURIComponent(PHONE),
      '33612345678',
      'Planted',
      player.password,
      NEW_PASSWORD,
      'Wr0ng-planted!',
      code,
      fresh.refresh_token,
      fresh.access_token,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(encodeURIComponent(player.password));
    expect(log).not.toContain(player.email);
  });
});
