import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { takeBackup } from '../operations/backup';
import { logLines } from '../testing/log-lines';
import { API_PATHS } from '@portal/shared-contracts/account';
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

  it('says the instance is ready, as /readyz would, and how old the oldest waiting mail is', async () => {
    const text = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^service_ready 1$/m);
    expect(text).toMatch(/^mail_queue_oldest_pending_age_seconds \d+$/m);
    // Counts since start are counters; no gauge of the old names is left.
    expect(text).toMatch(/^# TYPE redis_errors_total counter$/m);
    expect(text).not.toMatch(/state="(total|waiting)"/);
    if (server.context.database.pool) {
      // PostgreSQL: states that add up to the pool's size, and the waiting requests on their own.
      expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
      expect(text).toMatch(/^db_pool_waiting_requests \d+$/m);
    }
  });
});

describe('/metrics: the newest backup', () => {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-metrics-backups-'));
  const server = setupTestServer({ operations: { ...loadConfig({}).operations, backupDir } });
  afterAll(() => fs.rmSync(backupDir, { recursive: true, force: true }));
  const newest = async () =>
    /^backup_last_success_timestamp_seconds (\d+)$/m.exec(
      (await server.app.inject({ method: 'GET', url: '/metrics' })).body,
    )?.[1];

  it('is 0 before any backup, then the time of the newest whole one (a .partial folder is none)', async () => {
    expect(await newest()).toBe('0');
    fs.mkdirSync(path.join(backupDir, 'account-api-20991231T000000Z.partial'));
    const taken = new Date('2026-11-20T03:00:00Z');
    await takeBackup(server.context.config, backupDir, taken);
    // BACKUP_DIR is listed once a minute.
    server.advance(61_000);
    expect(await newest()).toBe(String(taken.getTime() / 1000));
  });
});
