// The release service's counter of its history: by remote and action, from the database at each scrape.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { releaseMetricsRegistry } from './release-metrics';
import { ReleaseStore } from './release-store';

let dir: string;
let store: ReleaseStore;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-metrics-'));
  store = await ReleaseStore.open({ databaseUrl: null, dataDir: dir });
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const who = { by: 'ci', why: null, commit: null };
const change = (remote: string | undefined, action: string) =>
  store.commit({ action, remote, who }, (state) => ({ ...state, remotes: { ...state.remotes, [remote ?? 'none']: { action } } }));

test('counts each remote’s changes by action at every scrape; the alerting actions start at 0; unknown actions and remote-less rows are left out', async () => {
  const registry = releaseMetricsRegistry(store);
  expect(await registry.metrics()).not.toContain('release_actions_total{');
  await change('mf_player', 'point');
  await change('mf_player', 'canary');
  await change('mf_player', 'explode');
  await change(undefined, 'point');
  let text = await registry.metrics();
  expect(text).toContain('release_actions_total{remote="mf_player",action="point"} 1');
  expect(text).toContain('release_actions_total{remote="mf_player",action="canary"} 1');
  expect(text).toContain('release_actions_total{remote="mf_player",action="abort"} 0');
  expect(text).not.toContain('explode');
  expect(text).not.toMatch(/remote="(none|null)?"/);
  await change('mf_player', 'abort');
  await change('mf_player', 'abort');
  text = await registry.metrics();
  expect(text).toContain('release_actions_total{remote="mf_player",action="abort"} 2');
  expect(text).toContain('release_actions_total{remote="mf_player",action="point"} 1');
});
