import { logLines } from '../testing/log-lines';
import { API_PATHS, type LoginResponse } from '@portal/shared-contracts/account';
import { bearer, json, signedInPlayer, setupTestServer } from '../testing/test-server';
import { LOG_SERIALIZERS, withoutQuery } from './log-redaction';

describe('withoutQuery and the req serializer', () => {
  it('drop the whole query string', () => {
    expect(withoutQuery('/api/update-password?old_password=Secret1!&new_password=Secret2!')).toBe('/api/update-password');
    expect(withoutQuery('/health')).toBe('/health');
    expect(LOG_SERIALIZERS.req({ method: 'POST', url: '/api/activate-user?token=abc' })).toEqual({
      method: 'POST',
      path: '/api/activate-user',
    });
  });
});

describe('request log at info', () => {
  const { lines, stream } = logLines();
  const server = setupTestServer({ logLevel: 'info' }, { logger: true, logStream: stream });

  it('writes one lean line per request: method, route pattern, status, ms, request id; no query, body or header', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    lines.length = 0;
    const secrets = [player.password, 'Fresh-Passw0rd!', tokens.access_token, 'Paris'];
    const responses = [
      await server.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(tokens.access_token) }),
      await server.app.inject({
        method: 'POST',
        url: `${API_PATHS.updatePassword}?old_password=${encodeURIComponent(player.password)}&new_password=Fresh-Passw0rd!`,
        headers: bearer(tokens.access_token),
      }),
      await server.app.inject({
        method: 'POST',
        url: `${API_PATHS.saveProfile}?city=Paris`,
        headers: bearer(tokens.access_token),
      }),
      await server.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { username: player.email, password: player.password },
      }),
      await server.app.inject({ method: 'GET', url: '/nowhere?token=abc' }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 401, 400, 404]);
    expect(json<LoginResponse>(responses[1]!).access_token).toBeTruthy();

    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(responses.length);
    expect(lines).toHaveLength(responses.length);
    expect(requestLines.map(({ method, route, status }) => [method, route, status])).toEqual([
      ['POST', API_PATHS.userInfo, 200],
      ['POST', API_PATHS.updatePassword, 200],
      ['POST', API_PATHS.saveProfile, 401],
      ['POST', API_PATHS.login, 400],
      ['GET', null, 404],
    ]);
    for (const line of requestLines) {
      expect(line.level).toBe(30);
      expect(typeof line.reqId).toBe('string');
      expect(typeof line.ms).toBe('number');
      expect(Object.keys(line).sort()).toEqual([
        'hostname',
        'level',
        'method',
        'ms',
        'msg',
        'pid',
        'reqId',
        'route',
        'status',
        'time',
      ]);
    }
    const text = JSON.stringify(lines);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('?');
  });
});
