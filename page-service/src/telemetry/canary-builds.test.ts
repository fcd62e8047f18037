// A running canary's build id is one the collector knows (decision 0047): its visitors' views and
// errors are counted under it, not as `other`, so the rollback watcher can compare it with stable.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildPageService } from '../app';
import { fakeShell } from '../testing/fake-shell';
import { jsonServer } from '../testing/json-server';

const manifest = (build: string) => ({
  metaData: {
    name: 'mf_catalog',
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    buildInfo: { buildVersion: build },
  },
  exposes: [],
});
const empty = { schema: 1, pages: {}, styles: {}, props: {} };

let stable: Awaited<ReturnType<typeof jsonServer>>;
let canary: Awaited<ReturnType<typeof jsonServer>>;
let app: FastifyInstance;
let releasesDir: string;

beforeAll(async () => {
  stable = await jsonServer({ '/mf-manifest.json': manifest('build-stable'), '/fragments.json': empty });
  canary = await jsonServer({ '/mf-manifest.json': manifest('build-canary'), '/fragments.json': empty });
  releasesDir = mkdtempSync(path.join(os.tmpdir(), 'page-service-canary-builds-'));
  const pointer = {
    version: 'v1',
    url: `${stable.base}/mf-manifest.json`,
    canary: { version: 'v2', url: `${canary.base}/mf-manifest.json`, share: 10, id: 'abc', since: new Date().toISOString() },
  };
  writeFileSync(path.join(releasesDir, 'current.json'), JSON.stringify({ version: 1, remotes: { mf_catalog: pointer } }));
  const { app: built, renderer } = await buildPageService({
    shellDist: fakeShell(`${stable.base}/mf-manifest.json`).dist,
    releasesDir,
  });
  app = built;
  await renderer.warm();
});
afterAll(async () => {
  await app.close();
  await stable.close();
  await canary.close();
  rmSync(releasesDir, { recursive: true, force: true });
});

test('views and errors of the canary’s build are counted under its build id', async () => {
  const send = (build: string, type: 'view' | 'error') =>
    app.inject({
      method: 'POST',
      url: '/__telemetry',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        route: '/',
        events: [
          type === 'view'
            ? { type, part: 'mf_catalog', build }
            : { type, part: 'mf_catalog', build, kind: 'uncaught', message: 'x' },
        ],
      }),
    });
  expect((await send('build-canary', 'view')).statusCode).toBe(204);
  expect((await send('build-canary', 'error')).statusCode).toBe(204);
  expect((await send('build-stable', 'view')).statusCode).toBe(204);
  const summary = (await app.inject({ method: 'GET', url: '/__telemetry/summary?minutes=5' })).json<{
    releases: { remote: string; version: string; pageViews: number; errors: number }[];
  }>();
  const row = (version: string) => summary.releases.find((r) => r.remote === 'mf_catalog' && r.version === version);
  expect(row('build-canary')).toMatchObject({ pageViews: 1, errors: 1 });
  expect(row('build-stable')).toMatchObject({ pageViews: 1, errors: 0 });
  expect(row('other')).toBeUndefined();
});
