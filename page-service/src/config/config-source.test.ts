import { mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigSource } from './config-source';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'config-source-'));
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ remotes: { mf_catalog: 'http://file/cat.json' } }));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A new pointer file renamed into place (as release.mjs does), with the mtime of the last one. */
function replacePointers(url: string, mtime: Date) {
  const tmp = path.join(dir, 'current.json.tmp');
  writeFileSync(tmp, JSON.stringify({ version: 1, remotes: { mf_catalog: { version: 'v', url } } }));
  utimesSync(tmp, mtime, mtime);
  renameSync(tmp, path.join(dir, 'current.json'));
}

test('a pointer change within one tick of the file system clock (same mtime) is still seen', async () => {
  const source = new ConfigSource({ configFile: path.join(dir, 'config.json'), releasesDir: dir });
  const tick = new Date('2026-11-24T12:00:00.000Z');
  replacePointers('http://r/v1.json', tick);
  expect((await source.current()).config.remotes.mf_catalog).toBe('http://r/v1.json');
  replacePointers('http://r/v2.json', tick);
  expect(statSync(path.join(dir, 'current.json')).mtimeMs).toBe(tick.getTime());
  expect((await source.current()).config.remotes.mf_catalog).toBe('http://r/v2.json');
});
