import {
  API_PATHS,
  PROFILE_FIELDS,
  type BalanceResponse,
  type LoginResponse,
  type UploadResponse,
  type UserRecord,
} from '@portal/shared-contracts/account';
import {
  bearer,
  changePassword,
  detailOf,
  json,
  login,
  multipartFile,
  postAs,
  setupTestServer,
  signedInPlayer,
  TINY_PNG,
} from '../testing/test-server';
import type { UpdatePasswordResponse } from './profile-routes';

const server = setupTestServer();

const call = (method: 'GET' | 'POST', url: string, token?: string) =>
  server.app.inject({ method, url, headers: token ? bearer(token) : {} });

describe('authentication', () => {
  it.each([
    ['POST', API_PATHS.userInfo],
    ['POST', API_PATHS.saveProfile],
    ['POST', API_PATHS.savePicture],
    ['POST', API_PATHS.updatePassword],
    ['POST', API_PATHS.upload],
    ['GET', API_PATHS.balance],
  ] as const)('%s %s needs a bearer token: 401 with WWW-Authenticate', async (method, url) => {
    const response = await call(method, url);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(detailOf(response.body)).toBe('Not authenticated');
  });

  it('rejects a forged or garbled token', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const [header, payload] = tokens.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [forged, 'not-a-jwt']) {
      const response = await call('POST', API_PATHS.userInfo, token);
      expect(response.statusCode).toBe(401);
      expect(detailOf(response.body)).toBe('Could not validate credentials');
    }
  });
});

describe('POST /get-user-info/', () => {
  it('returns the user record with every profile field and no secrets', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    // axios may send "content-type: application/json" with no body at all.
    const response = await server.app.inject({
      method: 'POST',
      url: API_PATHS.userInfo,
      headers: { ...bearer(tokens.access_token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    const user = json<UserRecord & Record<string, unknown>>(response);
    expect(user).toMatchObject({
      username: player.username,
      email: player.email,
      first_name: 'Test',
      last_name: 'Player',
      email_verified: true,
    });
    for (const field of PROFILE_FIELDS) expect(user).toHaveProperty(field);
    expect(Object.keys(user).some((key) => /password|token/.test(key))).toBe(false);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /api/save_profile', () => {
  it('accepts the fields in a JSON body too (personal data out of URLs)', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const response = await postAs(server.app, API_PATHS.saveProfile, tokens.access_token, {
      city: 'Lyon',
      phone: '+33 6 12 34 56 78',
    });
    expect(response.statusCode).toBe(200);
    expect(json<UserRecord>(response)).toMatchObject({ city: 'Lyon', phone: '+33 6 12 34 56 78' });
  });

  it('saves the fields given as query parameters, leaves the others, and clears with an empty value', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const first = await call(
      'POST',
      `${API_PATHS.saveProfile}?city=Lyon&country=France&dob=2000-01-31&phone=%2B33%206%2012%2034%2056%2078`,
      tokens.access_token,
    );
    expect(first.statusCode).toBe(200);
    expect(json<UserRecord>(first)).toMatchObject({
      city: 'Lyon',
      country: 'France',
      dob: '2000-01-31',
      phone: '+33 6 12 34 56 78',
    });
    const second = await call('POST', `${API_PATHS.saveProfile}?city=&first_name=Ada`, tokens.access_token);
    expect(json<UserRecord>(second)).toMatchObject({ city: null, country: 'France', first_name: 'Ada' });
    const fetched = json<UserRecord>(await call('POST', API_PATHS.userInfo, tokens.access_token));
    expect(fetched).toMatchObject({ city: null, country: 'France', first_name: 'Ada', dob: '2000-01-31' });
  });

  it('reports every bad field at once with 422', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const response = await call(
      'POST',
      `${API_PATHS.saveProfile}?dob=2001-02-29&phone=call-me&first_name=&postal_code=${'9'.repeat(20)}`,
      tokens.access_token,
    );
    expect(response.statusCode).toBe(422);
    const detail = json<{ detail: { loc: string[]; msg: string }[] }>(response).detail;
    expect(detail.map((item) => item.loc[1])).toEqual(['first_name', 'dob', 'phone', 'postal_code']);
    expect(detail[1]?.msg).toBe('dob is not a real date');
  });

  it('refuses a date of birth in the future', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const response = await call('POST', `${API_PATHS.saveProfile}?dob=2999-01-01`, tokens.access_token);
    expect(detailOf(response.body)).toBe('dob must be between 1900 and today');
  });
});

describe('picture: upload then save_picture (product §4 chain)', () => {
  async function upload(token: string) {
    const response = await server.app.inject({
      method: 'POST',
      url: API_PATHS.upload,
      ...multipartFile('me.png', TINY_PNG, 'image/png', bearer(token)),
    });
    expect(response.statusCode).toBe(200);
    return json<UploadResponse>(response).name;
  }

  it('saves an uploaded picture by its name and serves it back', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const name = await upload(tokens.access_token);
    const saved = await call('POST', `${API_PATHS.savePicture}?picture_url=${name}`, tokens.access_token);
    expect(json<UserRecord>(saved).picture_url).toBe(name);
    const image = await call('GET', `${API_PATHS.uploads}/${name}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('accepts the full URL of our own upload and stores the name', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const name = await upload(tokens.access_token);
    const url = encodeURIComponent(`http://localhost:8000${API_PATHS.uploads}/${name}`);
    const saved = await call('POST', `${API_PATHS.savePicture}?picture_url=${url}`, tokens.access_token);
    expect(json<UserRecord>(saved).picture_url).toBe(name);
  });

  it("refuses someone else's upload, a foreign URL and a path trick", async () => {
    const owner = await signedInPlayer(server.app);
    const other = await signedInPlayer(server.app);
    const name = await upload(owner.tokens.access_token);
    for (const pictureUrl of [name, 'https://evil.example/x.png', `../${name}`]) {
      const response = await call(
        'POST',
        `${API_PATHS.savePicture}?picture_url=${encodeURIComponent(pictureUrl)}`,
        other.tokens.access_token,
      );
      expect(response.statusCode).toBe(422);
      expect(detailOf(response.body)).toBe(
        'picture_url must name a picture you uploaded less than 1 hour ago, or your current one',
      );
    }
  });
});

describe('POST /api/update-password', () => {
  it('changes the password, retires old tokens and hands back a new pair', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const url = `${API_PATHS.updatePassword}?old_password=${encodeURIComponent(player.password)}&new_password=${encodeURIComponent('Fresh-Passw0rd!')}`;
    const response = await call('POST', url, tokens.access_token);
    expect(response.statusCode).toBe(200);
    const body = json<UpdatePasswordResponse>(response);
    expect(body.detail).toBe('Password updated successfully');
    expect((await call('POST', API_PATHS.userInfo, tokens.access_token)).statusCode).toBe(401);
    expect((await call('POST', API_PATHS.userInfo, body.access_token)).statusCode).toBe(200);
    expect((await login(server.app, player.email, 'Fresh-Passw0rd!')).statusCode).toBe(200);
  });

  it('accepts the passwords in a JSON body too', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const response = await changePassword(server.app, tokens.access_token, player.password, 'Fresh-Passw0rd!');
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong old password, a weak new one, and an unchanged one', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const attempt = (oldPassword: string, newPassword: string) =>
      call(
        'POST',
        `${API_PATHS.updatePassword}?old_password=${encodeURIComponent(oldPassword)}&new_password=${encodeURIComponent(newPassword)}`,
        tokens.access_token,
      );
    expect(detailOf((await attempt('Not-the-0ne!', 'Fresh-Passw0rd!')).body)).toBe('Old password is incorrect');
    expect((await attempt(player.password, 'weakweak')).statusCode).toBe(422);
    expect(detailOf((await attempt(player.password, player.password)).body)).toBe(
      'The new password must differ from the old one',
    );
  });
});

describe('GET /api/balance', () => {
  it('starts at zero coins', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const response = await call('GET', API_PATHS.balance, tokens.access_token);
    expect(response.statusCode).toBe(200);
    const balance = json<BalanceResponse>(response);
    expect(balance).toMatchObject({ balance: 0, currency: 'COINS' });
    expect(Number.isNaN(Date.parse(balance.updated_at))).toBe(false);
  });

  it('is per player', async () => {
    const a = await signedInPlayer(server.app);
    await server.context.database.db
      .updateTable('wallets')
      .set({ balance: 250 })
      .where('user_id', '=', (await server.context.users.findByEmail(a.player.email))!.id)
      .execute();
    const b = await signedInPlayer(server.app);
    expect(json<BalanceResponse>(await call('GET', API_PATHS.balance, a.tokens.access_token)).balance).toBe(250);
    expect(json<BalanceResponse>(await call('GET', API_PATHS.balance, b.tokens.access_token)).balance).toBe(0);
  });
});

export type { LoginResponse };
