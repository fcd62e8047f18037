import { API_PATHS, type LoginResponse, type UploadResponse, type UserRecord } from '@portal/shared-contracts/account';
import { bearer, form, latestMail, newPlayer, setupTestServer, TINY_PNG } from './testing/test-server';

// The assembled app as a whole: its router's options and a player's journey over a socket.
const server = setupTestServer();

describe('routing', () => {
  it('accepts the product §7 paths with or without their trailing slash', async () => {
    const withoutSlash = await server.app.inject({ method: 'POST', url: '/register', ...form(newPlayer()) });
    expect(withoutSlash.statusCode).toBe(201);
    const withSlash = await server.app.inject({ method: 'GET', url: `${API_PATHS.balance}/` });
    expect(withSlash.statusCode).toBe(401);
  });
});

describe('over a real socket', () => {
  it('runs the whole player journey with fetch, FormData and all', async () => {
    const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const player = newPlayer('socket');
    const post = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { method: 'POST', ...init });

    const signup = await post(API_PATHS.register, { body: new URLSearchParams(player) });
    expect(signup.status).toBe(201);
    const { code } = await latestMail(server.app, player.email);
    expect(
      (await post(API_PATHS.verifyEmail, { body: new URLSearchParams({ email: player.email, verification_code: code ?? '' }) }))
        .status,
    ).toBe(200);
    const signin = await post(API_PATHS.login, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: player.username, password: player.password }),
    });
    const { access_token } = (await signin.json()) as LoginResponse;
    const auth = bearer(access_token);

    const body = new FormData();
    body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'me.png');
    const uploaded = (await (await post(API_PATHS.upload, { headers: auth, body })).json()) as UploadResponse;
    const saved = await post(`${API_PATHS.savePicture}?picture_url=${uploaded.name}`, { headers: auth });
    expect(((await saved.json()) as UserRecord).picture_url).toBe(uploaded.name);
    const picture = await fetch(`${base}${API_PATHS.uploads}/${uploaded.name}`);
    expect(Buffer.from(await picture.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const me = (await (await post(API_PATHS.userInfo, { headers: auth })).json()) as UserRecord;
    expect(me.username).toBe(player.username);
  });
});
