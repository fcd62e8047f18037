import type { LibraryPayload } from '@portal/shared-contracts/account';
import { API_PATHS } from '@portal/shared-contracts/account';
import { bearer, detailOf, json, setupTestServer, signedInPlayer } from '../testing/test-server';

const server = setupTestServer();

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
const send = (
  method: 'GET' | 'POST' | 'PUT',
  token: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method,
    url: API_PATHS.library,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('/api/library', () => {
  it.each(['GET', 'POST', 'PUT'] as const)('%s needs a bearer token (401, product §8 shape)', async (method) => {
    const response = await send(method, undefined, method === 'GET' ? undefined : { favourites: [] });
    expect(response.statusCode).toBe(401);
    expect(json<{ detail: string }>(response).detail).toBe('Not authenticated');
  });

  it('starts empty, merges on POST, replaces on PUT, and belongs to one account', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const token = tokens.access_token;
    expect(json<LibraryPayload>(await send('GET', token))).toEqual({ favourites: [], recentlyPlayed: [] });

    await send('PUT', token, { favourites: [{ gameId: 5, at: at(1) }], recentlyPlayed: [{ gameId: 6, at: at(2) }] });
    // Sign-in on another device: its own lists are merged in, newest first, one entry per game.
    const merged = await send('POST', token, {
      favourites: [{ gameId: 7, at: at(3) }],
      recentlyPlayed: [
        { gameId: 6, at: at(9) },
        { gameId: 8, at: at(4) },
      ],
    });
    expect(merged.statusCode).toBe(200);
    expect(json<LibraryPayload>(merged)).toEqual({
      favourites: [
        { gameId: 7, at: at(3) },
        { gameId: 5, at: at(1) },
      ],
      recentlyPlayed: [
        { gameId: 6, at: at(9) },
        { gameId: 8, at: at(4) },
      ],
    });
    expect(json<LibraryPayload>(await send('GET', token))).toEqual(json<LibraryPayload>(merged));

    // Un-favouriting is a PUT of the new lists.
    await send('PUT', token, { favourites: [{ gameId: 5, at: at(1) }], recentlyPlayed: [] });
    expect(json<LibraryPayload>(await send('GET', token))).toEqual({
      favourites: [{ gameId: 5, at: at(1) }],
      recentlyPlayed: [],
    });

    const other = await signedInPlayer(server.app);
    expect(json<LibraryPayload>(await send('GET', other.tokens.access_token))).toEqual({ favourites: [], recentlyPlayed: [] });
  });

  it('answers an unknown game id with 422 naming it, never 500, and stores nothing', async () => {
    const { tokens } = await signedInPlayer(server.app);
    for (const method of ['POST', 'PUT'] as const) {
      const response = await send(method, tokens.access_token, {
        favourites: [
          { gameId: 5, at: at(1) },
          { gameId: 999999, at: at(2) },
        ],
      });
      expect(response.statusCode).toBe(422);
      const body = json<{ detail: Array<{ loc: (string | number)[]; msg: string; type: string }> }>(response);
      expect(body.detail).toEqual([
        { loc: ['body', 'favourites', 1, 'gameId'], msg: 'Unknown game id 999999', type: 'value_error' },
      ]);
    }
    expect(json<LibraryPayload>(await send('GET', tokens.access_token)).favourites).toEqual([]);
  });

  it.each([
    ['a list', [1, 2], 'Send a JSON object with favourites and recentlyPlayed lists'],
    ['a string', '"hello"', 'Send a JSON object with favourites and recentlyPlayed lists'],
    ['favourites not a list', { favourites: 'all' }, 'favourites must be a list'],
    ['a text game id', { favourites: [{ gameId: '5', at: at(1) }] }, 'gameId must be a whole number'],
    ['a fractional game id', { recentlyPlayed: [{ gameId: 5.5, at: at(1) }] }, 'gameId must be a whole number'],
    ['a missing time', { favourites: [{ gameId: 5 }] }, 'at must be an ISO-8601 UTC time'],
    ['a bad time', { favourites: [{ gameId: 5, at: '2026-13-45T99:00:00Z' }] }, 'at must be an ISO-8601 UTC time'],
    ['a time in the future', { favourites: [{ gameId: 5, at: '2999-01-01T00:00:00.000Z' }] }, 'at must not be in the future'],
    ['a null entry', { favourites: [null] }, 'gameId must be a whole number'],
    [
      'too many recent games',
      { recentlyPlayed: Array.from({ length: 13 }, (_, i) => ({ gameId: 5, at: at(i) })) },
      'recentlyPlayed must have at most 12 games',
    ],
  ])('refuses %s with a 422 (product §8)', async (_name, payload, message) => {
    const { tokens } = await signedInPlayer(server.app);
    const response = await send('PUT', tokens.access_token, payload);
    expect(response.statusCode).toBe(422);
    expect(detailOf(response.body)).toBe(message);
  });

  type Item = { loc: (string | number)[]; msg: string; type: string };
  const BODY_MESSAGE = 'Send a JSON object with favourites and recentlyPlayed lists';
  const favourite = (entry: unknown) => ({ favourites: [entry] });
  const entryLoc = (field: string) => ['body', 'favourites', 0, field];

  it.each<[string, unknown, Item[]]>([
    ['a list body', [1, 2], [{ loc: ['body'], msg: BODY_MESSAGE, type: 'model_type' }]],
    ['a number body', '5', [{ loc: ['body'], msg: BODY_MESSAGE, type: 'model_type' }]],
    ['a null body', 'null', [{ loc: ['body'], msg: BODY_MESSAGE, type: 'model_type' }]],
    [
      'favourites as an object',
      { favourites: { gameId: 5 } },
      [{ loc: ['body', 'favourites'], msg: 'favourites must be a list', type: 'list_type' }],
    ],
    [
      'a game id sent as text',
      favourite({ gameId: '5', at: at(1) }),
      [{ loc: entryLoc('gameId'), msg: 'gameId must be a whole number', type: 'int_type' }],
    ],
    [
      'a game id sent as true',
      favourite({ gameId: true, at: at(1) }),
      [{ loc: entryLoc('gameId'), msg: 'gameId must be a whole number', type: 'int_type' }],
    ],
    [
      'a null game id',
      favourite({ gameId: null, at: at(1) }),
      [{ loc: entryLoc('gameId'), msg: 'gameId must be a whole number', type: 'int_type' }],
    ],
    [
      'a missing game id',
      favourite({ at: at(1) }),
      [{ loc: entryLoc('gameId'), msg: 'gameId must be a whole number', type: 'int_type' }],
    ],
    [
      'a missing time',
      favourite({ gameId: 5 }),
      [{ loc: entryLoc('at'), msg: 'at must be an ISO-8601 UTC time', type: 'datetime_type' }],
    ],
    [
      'a time as a number',
      favourite({ gameId: 5, at: 1767261600000 }),
      [{ loc: entryLoc('at'), msg: 'at must be an ISO-8601 UTC time', type: 'datetime_type' }],
    ],
    [
      'a time with an offset',
      favourite({ gameId: 5, at: '2026-01-01T10:00:00+01:00' }),
      [{ loc: entryLoc('at'), msg: 'at must be an ISO-8601 UTC time', type: 'datetime_type' }],
    ],
    [
      'a time in the future',
      favourite({ gameId: 5, at: '2999-01-01T00:00:00.000Z' }),
      [{ loc: entryLoc('at'), msg: 'at must not be in the future', type: 'value_error' }],
    ],
    [
      '101 favourites',
      { favourites: Array.from({ length: 101 }, (_, i) => ({ gameId: 5, at: at(i % 60) })) },
      [{ loc: ['body', 'favourites'], msg: 'favourites must have at most 100 games', type: 'too_long' }],
    ],
  ])('answers %s with exactly these 422 items', async (_name, payload, items) => {
    const { tokens } = await signedInPlayer(server.app);
    for (const method of ['POST', 'PUT'] as const) {
      const response = await send(method, tokens.access_token, payload);
      expect(response.statusCode).toBe(422);
      expect(json<{ detail: Item[] }>(response).detail).toEqual(items);
    }
  });

  it('refuses a body-less POST with the object message', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const response = await send('POST', tokens.access_token);
    expect(response.statusCode).toBe(422);
    expect(json<{ detail: Item[] }>(response).detail).toEqual([{ loc: ['body'], msg: BODY_MESSAGE, type: 'model_type' }]);
  });

  it('takes a body with one list or none, and normalises the lists as before', async () => {
    const { tokens } = await signedInPlayer(server.app);
    expect(json<LibraryPayload>(await send('PUT', tokens.access_token, {}))).toEqual({ favourites: [], recentlyPlayed: [] });
    const recent = Array.from({ length: 12 }, (_, i) => ({ gameId: 5 + (i % 2), at: at(i) }));
    const saved = await send('PUT', tokens.access_token, { recentlyPlayed: recent });
    expect(saved.statusCode).toBe(200);
    // Normalised as before: one entry per game (the newest), newest first.
    expect(json<LibraryPayload>(saved)).toEqual({
      favourites: [],
      recentlyPlayed: [
        { gameId: 6, at: at(11) },
        { gameId: 5, at: at(10) },
      ],
    });
  });

  it('reports every unknown game and future time in one 422, after the shape is right', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const response = await send('PUT', tokens.access_token, {
      favourites: [
        { gameId: 999999, at: at(1) },
        { gameId: 5, at: at(2) },
      ],
      recentlyPlayed: [{ gameId: 6, at: '2999-01-01T00:00:00.000Z' }],
    });
    expect(json<{ detail: Item[] }>(response).detail).toEqual([
      { loc: ['body', 'favourites', 0, 'gameId'], msg: 'Unknown game id 999999', type: 'value_error' },
      { loc: ['body', 'recentlyPlayed', 0, 'at'], msg: 'at must not be in the future', type: 'value_error' },
    ]);
  });

  // Where the schema's one-item-per-field rule answers differently from the old reader (decision 0048).
  it('reports a shape problem per field, before (and without) the catalogue and clock checks', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const response = await send('PUT', tokens.access_token, {
      favourites: [null, { gameId: 'x', at: 'soon' }, { gameId: 999999, at: at(1) }],
      recentlyPlayed: Array.from({ length: 13 }, () => ({ gameId: 5 })),
    });
    expect(json<{ detail: Item[] }>(response).detail).toEqual([
      // A non-object entry is reported at the entry, with the game id's words.
      { loc: ['body', 'favourites', 0], msg: 'gameId must be a whole number', type: 'int_type' },
      // Both fields of one entry (the old reader stopped at the first).
      { loc: ['body', 'favourites', 1, 'gameId'], msg: 'gameId must be a whole number', type: 'int_type' },
      { loc: ['body', 'favourites', 1, 'at'], msg: 'at must be an ISO-8601 UTC time', type: 'datetime_type' },
      // The unknown game 999999 is not reported while the shape is wrong.
      // A list too long and its bad entries (the old reader skipped the entries of a list too long).
      ...Array.from({ length: 13 }, (_, i) => ({
        loc: ['body', 'recentlyPlayed', i, 'at'],
        msg: 'at must be an ISO-8601 UTC time',
        type: 'datetime_type',
      })),
      { loc: ['body', 'recentlyPlayed'], msg: 'recentlyPlayed must have at most 12 games', type: 'too_long' },
    ]);
  });

  it('refuses malformed JSON and other content types with product §8 errors', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const malformed = await send('POST', tokens.access_token, '{"favourites": [');
    expect(malformed.statusCode).toBe(400);
    expect(json<{ detail: string }>(malformed).detail).toBe('Malformed JSON body');
    const form = await server.app.inject({
      method: 'POST',
      url: API_PATHS.library,
      headers: { ...bearer(tokens.access_token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'favourites=5',
    });
    expect(form.statusCode).toBe(422);
    expect(detailOf(form.body)).toBe('favourites must be a list');
    const empty = await send('POST', tokens.access_token);
    expect(empty.statusCode).toBe(422);
  });
});
