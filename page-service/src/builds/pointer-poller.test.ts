import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ConfigSource } from '../config/config-source';
import { PointerPoller } from './pointer-poller';

/** The release service's GET /v1/pointers as it answers: an ETag per version, 304 when it matches. */
const FIRST = { version: 1, remotes: { mf_catalog: { version: 'v1', url: 'https://rel/mf-catalog/v1/mf-manifest.json' } } };
let state = FIRST;
let requests: { etag: string | undefined; status: number }[] = [];
let down = false;
let server: Server;
let url: string;
let dir: string;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pointer-poller-'));
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ remotes: { mf_catalog: 'http://file/cat.json' } }));
  requests = [];
  down = false;
  state = FIRST;
  server = createServer((req, res) => {
    const etag = `"pointers-${state.version}"`;
    const status = down ? 503 : req.headers['if-none-match'] === etag ? 304 : 200;
    requests.push({ etag: req.headers['if-none-match'], status });
    res.writeHead(status, status === 200 ? { etag, 'content-type': 'application/json' } : {});
    res.end(status === 200 ? JSON.stringify(state) : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const point = (version: string) => {
  state = {
    version: state.version + 1,
    remotes: { mf_catalog: { version, url: `https://rel/mf-catalog/${version}/mf-manifest.json` } },
  };
};

test('the pages follow a pointer change at the next poll; unchanged polls are 304s that re-render nothing', async () => {
  const poller = new PointerPoller(url, 60_000);
  const source = new ConfigSource({ configFile: path.join(dir, 'config.json'), releasesDir: dir }, undefined, poller);
  await poller.start();
  const first = await source.current();
  expect(first.config.remotes.mf_catalog).toBe('https://rel/mf-catalog/v1/mf-manifest.json');
  await poller.poll();
  expect(requests.map((r) => r.status)).toEqual([200, 304]);
  expect(requests[1]?.etag).toBe('"pointers-1"');
  expect((await source.current()).version).toBe(first.version);

  point('v2');
  await poller.poll();
  const next = await source.current();
  expect(next.config.remotes.mf_catalog).toBe('https://rel/mf-catalog/v2/mf-manifest.json');
  expect(next.pointers.remotes.mf_catalog?.version).toBe('v2');
  expect(next.version).toBe(first.version + 1);
  poller.stop();
});

test('polls on its own every interval', async () => {
  const poller = new PointerPoller(url, 100);
  await poller.start();
  point('v3');
  const deadline = Date.now() + 5_000;
  while (poller.current().remotes.mf_catalog?.version !== 'v3' && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  poller.stop();
  expect(poller.current().remotes.mf_catalog?.version).toBe('v3');
});

test('a service that fails keeps the last pointers and is reported once until it answers again', async () => {
  const errors: string[] = [];
  const poller = new PointerPoller(url, 60_000, (error) => errors.push(error?.message ?? 'working again'));
  await poller.start();
  down = true;
  await poller.poll();
  await poller.poll();
  expect(poller.current().remotes.mf_catalog?.version).toBe('v1');
  expect(errors).toEqual(['release pointers not polled: the release service answered HTTP 503']);
  down = false;
  point('v4');
  await poller.poll();
  expect(poller.current().remotes.mf_catalog?.version).toBe('v4');
  await poller.poll();
  // The recovery is told once too, so an operator sees the outage end.
  expect(errors).toEqual(['release pointers not polled: the release service answered HTTP 503', 'working again']);
  poller.stop();
});
