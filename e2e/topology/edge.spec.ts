// What the public servers of deploy/nginx.conf never hand out, whatever the spelling of the
// path: the operators' views (metrics, the telemetry summary) and source maps in any encoding.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { ROOT } from '../support/servers';

const site = process.env.E2E_BASE_URL ?? '';

/** A GET with the path sent exactly as written (fetch would normalise `/./` and `%2e`). */
async function rawGet(origin: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { request } = await import('node:http');
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath, headers: { Accept: '*/*' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const METRICS_SPELLINGS = [
  '/metrics',
  '/metrics/',
  '/%6detrics',
  '/%6detrics/',
  '/%6D%65trics',
  '//metrics',
  '/./metrics',
  '/x/../metrics',
  '/metrics?x=1',
  '/METRICS',
  '/metrics;x',
];

test('no spelling of /metrics or the telemetry summary is public, on the site or its /api/', async () => {
  // The API is under the site's origin (decision 0065): /api/metrics is the API's /metrics.
  for (const prefix of ['', '/api'])
    for (const spelling of METRICS_SPELLINGS) {
      const answer = await rawGet(site, `${prefix}${spelling}`);
      expect(answer.body, `${site}${prefix}${spelling} → ${answer.status}`).not.toMatch(/# (HELP|TYPE) /);
      expect(answer.status, `${site}${prefix}${spelling}`).toBe(404);
    }
  for (const spelling of [
    '/__telemetry/summary',
    '/__telemetry/summary/',
    '/__telemetry/%73ummary',
    '/__telemetry//summary?minutes=5',
  ]) {
    const answer = await rawGet(site, spelling);
    expect(answer.status, `${site}${spelling}`).toBe(404);
  }
});

test('no source map in any encoding, on the site or a remote', async () => {
  const maps = (folder: string) => readdirSync(path.join(ROOT, folder, 'dist')).filter((name) => /\.js\.map$/.test(name));
  const [shellMap] = maps('shell');
  const [remoteMap] = maps('mf-catalog');
  expect(shellMap && remoteMap).toBeTruthy();
  const cases: [string, string][] = [
    [site, `/${shellMap}`],
    [`${site}/mf-catalog`, `/${remoteMap}`],
  ];
  for (const [origin, map] of cases)
    for (const spelling of [
      map,
      `${map}.br`,
      `${map}.gz`,
      map.replace(/map$/, 'MAP'),
      `${map}.BR`,
      map.replace(/\.map$/, '.%6dap'),
    ]) {
      const answer = await rawGet(site, `${new URL(origin).pathname.replace(/\/$/, '')}${spelling}`);
      expect(answer.status, `${origin}${spelling}`).toBe(404);
    }
});

test('pages the page services draw are limited per client: a burst, then 429; other clients and loopback go on', async () => {
  // The harness's nginx takes X-Forwarded-For from loopback as the client (scripts/topology/topology.mjs).
  const ask = (client: string | null, i: number) =>
    fetch(`${site}/all-games?limit-probe=${Date.now()}-${i}`, {
      headers: { Accept: 'text/html', ...(client ? { 'X-Forwarded-For': client } : {}) },
    }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });
  const statuses: number[] = [];
  for (let i = 0; i < 60; i += 1) statuses.push(await ask('198.51.100.200', i));
  const limited = statuses.filter((status) => status === 429).length;
  test.info().annotations.push({ type: 'one client, 60 new variants in a row', description: `${limited} answered 429` });
  expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
  expect(limited).toBeGreaterThan(0);
  expect(await ask('198.51.100.201', 0)).toBe(200);
  expect(await ask(null, 0)).toBe(200);
});
