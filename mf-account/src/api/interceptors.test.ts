import axios, { AxiosHeaders } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { ERROR_FALLBACKS } from '@portal/shared-contracts/account';
import { createApiClient } from './api-client';
import { describeApiError } from './api-error';
import { attachBearerToken, wasAuthenticated } from './interceptors';

function setup(token: string | null) {
  const onSessionRejected = jest.fn();
  const client = createApiClient({ baseURL: 'http://api.test/', readToken: () => token, onSessionRejected });
  const http = new MockAdapter(client);
  return { client, http, onSessionRejected };
}

describe('request interceptor: bearer token (product §6)', () => {
  it.each([
    {
      name: 'attaches the stored token',
      token: 'abc.def.ghi',
      method: 'post',
      url: '/get-user-info/',
      data: undefined,
      expected: 'Bearer abc.def.ghi',
    },
    {
      name: 'sends no Authorization header without a token',
      token: null,
      method: 'post',
      url: '/login/',
      data: {},
      expected: undefined,
    },
    {
      name: "attaches the bearer header to URLs containing 'boxes' even without a token",
      token: null,
      method: 'get',
      url: '/api/boxes/open',
      data: undefined,
      expected: 'Bearer',
    },
  ] as const)('$name', async ({ token, method, url, data, expected }) => {
    const { client, http } = setup(token);
    (method === 'post' ? http.onPost(url) : http.onGet(url)).reply(200, {});
    await client.request({ method, url, data });
    expect(http.history[method][0]?.headers?.Authorization).toBe(expected);
  });

  it('uses the base URL from runtime config without a doubled slash', async () => {
    const { client, http } = setup(null);
    http.onGet('http://api.test/health').reply(200, {});
    await expect(client.get('/health')).resolves.toMatchObject({ status: 200 });
  });

  it('reads the token on every request (sign-in in another tab is honoured)', () => {
    let token: string | null = null;
    const interceptor = attachBearerToken(() => token);
    const first = interceptor({ url: '/x', headers: new AxiosHeaders() });
    token = 't';
    const second = interceptor({ url: '/x', headers: new AxiosHeaders() });
    expect(wasAuthenticated(first)).toBe(false);
    expect(second.headers.get('Authorization')).toBe('Bearer t');
  });
});

describe('response interceptor: 401/403 on an authenticated call (product §4)', () => {
  it.each([401, 403])('reports %i on an authenticated call and still rejects', async (status) => {
    const { client, http, onSessionRejected } = setup('token');
    http.onGet('/api/balance').reply(status, { detail: 'Not authenticated' });
    await expect(client.get('/api/balance')).rejects.toMatchObject({ response: { status } });
    expect(onSessionRejected).toHaveBeenCalledWith(status);
  });

  it('ignores 401/403 on calls made without credentials (e.g. a failed sign-in)', async () => {
    const { client, http, onSessionRejected } = setup(null);
    http.onPost('/login/').reply(403, { detail: 'Email not verified' });
    // The caller still gets the 403 with its detail, to show the sign-in error.
    await expect(client.post('/login/', {})).rejects.toMatchObject({
      response: { status: 403, data: { detail: 'Email not verified' } },
    });
    expect(onSessionRejected).not.toHaveBeenCalled();
  });

  it('ignores other failures', async () => {
    const { client, http, onSessionRejected } = setup('token');
    http.onGet('/api/balance').reply(500, {});
    http.onGet('/api/other').networkError();
    await expect(client.get('/api/balance')).rejects.toMatchObject({ response: { status: 500 } });
    await expect(client.get('/api/other')).rejects.toThrow('Network Error');
    expect(onSessionRejected).not.toHaveBeenCalled();
  });

  it('treats only 2xx as success', async () => {
    const { client, http } = setup(null);
    http.onGet('/a').reply(204);
    http.onGet('/b').reply(304);
    await expect(client.get('/a')).resolves.toMatchObject({ status: 204 });
    await expect(client.get('/b')).rejects.toMatchObject({ response: { status: 304 } });
  });

  it('a 401 on a session call (refresh token in the body, no bearer) is left to its caller', async () => {
    const { client, http, onSessionRejected } = setup('token');
    http.onPost('/api/refresh-token').reply(401, { detail: 'Invalid or expired refresh token' });
    await expect(client.post('/api/refresh-token', { refresh_token: 'r' }, { withoutBearer: true })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(http.history.post[0]?.headers?.Authorization).toBeUndefined();
    expect(onSessionRejected).not.toHaveBeenCalled();
  });
});

describe('describeApiError (product §8)', () => {
  const fail = async (reply: (http: MockAdapter) => void) => {
    const client = axios.create();
    const http = new MockAdapter(client);
    reply(http);
    return client.get('/x').catch((error: unknown) => error);
  };

  it('uses a string detail as is', async () => {
    const error = await fail((http) => http.onGet('/x').reply(400, { detail: 'Incorrect username or password' }));
    expect(describeApiError(error, ERROR_FALLBACKS.signin)).toEqual({ message: 'Incorrect username or password', status: 400 });
  });

  it('joins a list detail by commas from msg', async () => {
    const error = await fail((http) =>
      http.onGet('/x').reply(422, {
        detail: [
          { loc: ['body', 'email'], msg: 'bad email', type: 'x' },
          { loc: ['body', 'password'], msg: 'too short', type: 'y' },
        ],
      }),
    );
    expect(describeApiError(error, ERROR_FALLBACKS.signup).message).toBe('bad email, too short');
  });

  it('falls back when the body has no detail', async () => {
    const error = await fail((http) => http.onGet('/x').reply(500, '<html>oops</html>'));
    expect(describeApiError(error, ERROR_FALLBACKS.balance)).toEqual({ message: 'Failed to fetch balance', status: 500 });
  });

  it('uses the no-response fallback when nothing answered', async () => {
    const error = await fail((http) => http.onGet('/x').networkError());
    expect(describeApiError(error, ERROR_FALLBACKS.signup, ERROR_FALLBACKS.signupGeneric)).toEqual({
      message: 'Something went wrong. Please try again.',
      status: null,
    });
    expect(describeApiError(new Error('bug'), ERROR_FALLBACKS.signin, ERROR_FALLBACKS.signinUnknown).message).toBe(
      'Unknown error during sign in',
    );
  });
});
