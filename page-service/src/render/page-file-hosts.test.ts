// Page files only for the hosts the site serves (its brands' in the config): a client's Host
// header must not fill the folder nginx serves from, nor be drawn again on every change.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildPageService } from '../app';
import { fakeShell } from '../testing/fake-shell';
import { catalogueFragments as fragments, catalogueManifest as manifest } from '../testing/catalogue-release';
import { jsonServer } from '../testing/json-server';
import type { PageFiles } from './page-files';

let remote: Awaited<ReturnType<typeof jsonServer>>;
let app: FastifyInstance;
let pageFiles: PageFiles | null;
let dir: string;

const get = (host: string) => app.inject({ method: 'GET', url: '/all-games', headers: { host, accept: 'text/html' } });

beforeAll(async () => {
  remote = await jsonServer({ '/mf-manifest.json': manifest('live.js'), '/fragments.json': fragments('Live') });
  dir = mkdtempSync(path.join(os.tmpdir(), 'page-file-hosts-'));
  ({ app, pageFiles } = await buildPageService({
    shellDist: fakeShell(`${remote.base}/mf-manifest.json`).dist,
    pageFilesDir: dir,
  }));
  for (let i = 0; i < 50 && !(await get('portal.test')).body.includes('<h1>Live'); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  await app.close();
  await remote.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a page for a brand’s host is a file; for any other Host header, never', async () => {
  for (let i = 0; i < 24; i += 1) expect((await get(`junk-${i}.invalid`)).statusCode).toBe(200);
  await get('portal.test:8443');
  await get('portal.test');
  await pageFiles?.settled();
  expect(readdirSync(path.join(dir, 'http')).sort()).toEqual(['portal.test', 'portal.test:8443']);
  expect(existsSync(path.join(dir, 'http', 'portal.test', 'all-games.html'))).toBe(true);
});
