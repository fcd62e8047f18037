import { logLines } from '../testing/log-lines';
import { API_PATHS } from 'shared-contracts/account';
import { setupTestServer } from '../testing/test-server';

describe('request ids', () => {
  const { lines, stream } = logLines();
  const server = setupTestServer({ logLevel: 'info' }, { logger: true, logStream: stream });

  it('takes a valid X-Request-Id, logs it in the request line and echoes it', async () => {
    lines.length = 0;
    const response = await server.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'a1b2c3d4e5f6' } });
    expect(response.headers['x-request-id']).toBe('a1b2c3d4e5f6');
    expect(lines.find((line) => line.msg === 'request')?.reqId).toBe('a1b2c3d4e5f6');
  });

  it.each([
    ['with a line break', 'abc\nforged: 1'],
    ['too long', 'x'.repeat(129)],
    ['with spaces', 'a b'],
  ])('replaces one %s by a fresh UUID', async (_name, given) => {
    lines.length = 0;
    const response = await server.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': given } });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(lines.find((line) => line.msg === 'request')?.reqId).toBe(id);
  });

  it('gives each request without one its own UUID', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/health' });
    const second = await server.app.inject({ method: 'GET', url: '/health' });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('/metrics', () => {
  const server = setupTestServer();

  it('counts requests by route pattern and status, never by URL', async () => {
    await server.app.inject({ method: 'POST', url: `${API_PATHS.userInfo}?token=secret` });
    await server.app.inject({ method: 'GET', url: '/nowhere/12' });
    const response = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = response.body;
    expect(text).toContain(`http_requests_total{route="${API_PATHS.userInfo}",method="POST",status="401"} 1`);
    expect(text).toContain('http_requests_total{route="other",method="GET",status="404"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{route="[^"]+",method="POST",status="401"\} 1/);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('/nowhere');
  });

  it('reports the event-loop lag, the mail queue and Redis errors', async () => {
    const text = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^mail_queue_pending \d+$/m);
    expect(text).toMatch(/^mail_queue_dead \d+$/m);
    expect(text).toMatch(/^redis_errors_total 0$/m);
  });
});
