import { API_PATHS, type UserRecord, type ValidationErrorItem } from '@portal/shared-contracts/account';
import { BREACHED_PASSWORD_MESSAGE } from '../security/breached-passwords';
import {
  bearer,
  form,
  json,
  login,
  newPlayer,
  postAs,
  register,
  setupTestServer,
  signedInPlayer,
  STRONG_PASSWORD,
} from '../testing/test-server';

/**
 * How the API reads request fields (product §8 list shape): what every field-reading route does
 * with blank, mistyped, repeated, oversized or unexpected input. These held before the routes
 * moved to JSON schemas and must keep holding.
 */
const server = setupTestServer();

const items = (body: string) => (JSON.parse(body) as { detail: ValidationErrorItem[] }).detail;
const postJson = (url: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

describe('one problem per field, in reading order', () => {
  it('reports the first rule a field breaks: length before pattern, criteria before the breached list', async () => {
    const response = await postJson(API_PATHS.register, {
      ...newPlayer(),
      username: `${'u'.repeat(30)}@`, // too long and not a username
      firstName: `A\u0007${'b'.repeat(60)}`, // too long and a control character
      password: 'password', // fails the criteria and is in the breached list
    });
    expect(response.statusCode).toBe(422);
    expect(items(response.body)).toEqual([
      { loc: ['body', 'username'], msg: 'username must be at most 30 characters', type: 'string_too_long' },
      { loc: ['body', 'firstName'], msg: 'firstName must be at most 50 characters', type: 'string_too_long' },
      {
        loc: ['body', 'password'],
        msg: expect.stringMatching(/^Password must be at least 8 characters/) as unknown,
        type: 'value_error',
      },
    ]);
  });

  it('names a control character and a bad username in their own words', async () => {
    const response = await postJson(API_PATHS.register, { ...newPlayer(), username: 'a@b', lastName: 'Pl\u0000ayer' });
    expect(items(response.body)).toEqual([
      {
        loc: ['body', 'username'],
        msg: 'Username must be 3-30 letters, digits, dots, dashes or underscores',
        type: 'value_error',
      },
      { loc: ['body', 'lastName'], msg: 'must not contain control characters', type: 'value_error' },
    ]);
  });

  it('a strong but breached password reads the breached message', async () => {
    const response = await postJson(API_PATHS.register, { ...newPlayer(), password: 'P@ssw0rd' });
    expect(items(response.body)).toEqual([{ loc: ['body', 'password'], msg: BREACHED_PASSWORD_MESSAGE, type: 'value_error' }]);
  });

  it('counts a blank (spaces only) or null field as missing', async () => {
    const response = await postJson(API_PATHS.resetPassword, { email: '   ', reset_code: null });
    expect(response.statusCode).toBe(422);
    expect(items(response.body)).toEqual([
      { loc: ['body', 'email'], msg: 'email is required', type: 'missing' },
      { loc: ['body', 'reset_code'], msg: 'reset_code is required', type: 'missing' },
      { loc: ['body', 'new_password'], msg: 'new_password is required', type: 'missing' },
    ]);
  });
});

describe('values of the wrong kind', () => {
  it('refuses a list or an object where one text value belongs (JSON, form and query alike)', async () => {
    const viaJson = await postJson(API_PATHS.forgotPassword, { email: ['a@example.com'] });
    const viaObject = await postJson(API_PATHS.forgotPassword, { email: { address: 'a@example.com' } });
    const viaForm = await server.app.inject({
      method: 'POST',
      url: API_PATHS.forgotPassword,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&email=b%40example.com',
    });
    const viaQuery = await server.app.inject({ method: 'POST', url: `${API_PATHS.activateUser}?token=a&token=b` });
    for (const response of [viaJson, viaObject, viaForm]) {
      expect(response.statusCode).toBe(422);
      expect(items(response.body)).toEqual([
        { loc: ['body', 'email'], msg: 'email must be a single text value', type: 'string_type' },
      ]);
    }
    expect(items(viaQuery.body)).toEqual([
      { loc: ['query', 'token'], msg: 'token must be a single text value', type: 'string_type' },
    ]);
  });

  it('reads a number as its text, and a body that is not an object as an empty one', async () => {
    const numeric = await postJson(API_PATHS.verifyEmail, { email: 'nobody@example.com', verification_code: 123456 });
    expect(numeric.statusCode).toBe(400); // a wrong code, not a refused field
    for (const payload of [[], 'text', null]) {
      const response = await postJson(API_PATHS.login, payload);
      expect(response.statusCode).toBe(422);
      expect(items(response.body).map((item) => item.msg)).toEqual(['username is required', 'password is required']);
    }
  });

  it('ignores fields it does not know', async () => {
    const response = await postJson(API_PATHS.login, { username: 'nobody', password: 'Wrong-passw0rd', admin: true });
    expect(response.statusCode).toBe(400);
  });
});

describe('bodies the server cannot read: a clear 4xx, never a 500', () => {
  it.each([
    ['malformed JSON', 'application/json', '{"username": ', 400, 'Malformed JSON body'],
    ['a body over 64 KB', 'application/json', JSON.stringify({ username: 'x'.repeat(70_000) }), 413, 'Request body is too large'],
    ['an unsupported type', 'application/xml', '<username/>', 415, 'Unsupported Content-Type'],
  ])('%s', async (_name, type, payload, status, detail) => {
    const response = await server.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(json<{ detail: string }>(response).detail).toBe(detail);
  });
});

describe('trimming', () => {
  it('trims text fields but keeps a password as typed', async () => {
    const player = { ...newPlayer(), password: ` ${STRONG_PASSWORD} ` };
    const { tokens } = await signedInPlayer(server.app, { ...player, username: `  ${player.username} ` });
    expect((await login(server.app, player.username, player.password)).statusCode).toBe(200);
    expect((await login(server.app, player.username, STRONG_PASSWORD)).statusCode).toBe(400);
    const saved = await postAs(server.app, API_PATHS.saveProfile, tokens.access_token, { city: '  Lyon ' });
    expect(json<UserRecord>(saved)).toMatchObject({ username: player.username, city: 'Lyon' });
  });
});

describe('save_profile and update-password: fields in the body or the query', () => {
  it('names the place the fields came from', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const viaQuery = await server.app.inject({
      method: 'POST',
      url: `${API_PATHS.updatePassword}?old_password=x`,
      headers: bearer(tokens.access_token),
    });
    expect(items(viaQuery.body)).toEqual([{ loc: ['query', 'new_password'], msg: 'new_password is required', type: 'missing' }]);
    const viaBody = await postAs(server.app, `${API_PATHS.updatePassword}?new_password=ignored`, tokens.access_token, {
      old_password: 'x',
    });
    expect(items(viaBody.body)).toEqual([{ loc: ['body', 'new_password'], msg: 'new_password is required', type: 'missing' }]);
  });

  it('ignores null for a field that can be cleared, and clears it with an empty text', async () => {
    const { tokens } = await signedInPlayer(server.app);
    await postAs(server.app, API_PATHS.saveProfile, tokens.access_token, { gender: 'f', city: 'Lyon' });
    const saved = await postAs(server.app, API_PATHS.saveProfile, tokens.access_token, { gender: null, city: '' });
    expect(saved.statusCode).toBe(200);
    expect(json<UserRecord>(saved)).toMatchObject({ gender: 'f', city: null });
    const names = await postAs(server.app, API_PATHS.saveProfile, tokens.access_token, { first_name: null });
    expect(items(names.body)).toEqual([{ loc: ['body', 'first_name'], msg: 'first_name is required', type: 'missing' }]);
  });

  it('a form body of profile fields is read like a JSON one', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const response = await server.app.inject({
      method: 'POST',
      url: API_PATHS.saveProfile,
      headers: { ...form({}).headers, ...bearer(tokens.access_token) },
      payload: 'phone=call-me',
    });
    expect(items(response.body)).toEqual([
      { loc: ['body', 'phone'], msg: 'phone may hold digits, spaces, ( ) . - and a leading +', type: 'value_error' },
    ]);
  });
});

it('register still refuses a taken name after the schema passed (a business check, 409)', async () => {
  const player = newPlayer();
  await register(server.app, player);
  const again = await register(server.app, { ...player, email: `other-${player.email}` });
  expect(again.statusCode).toBe(409);
});
