// The release history as a counter: an abort (by the watcher or by hand) is an increase an alert sees.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { countActions, releaseActionsCounter } from './release-history-metrics';

const line = (remote: string, action: string) =>
  `${JSON.stringify({ version: 1, at: '2026-11-28T08:00:00Z', remote, action })}\n`;

test('counts whole lines by remote and action, and nothing a hand edit made up', () => {
  const counts = countActions(
    line('mf_catalog', 'canary') +
      line('mf_catalog', 'abort') +
      line('mf_catalog', 'abort') +
      '{"remote":"mf_catalog","act' +
      '\n' +
      line('mf_catalog', 'explode') +
      line('evil"}', 'abort'),
  );
  expect([...counts]).toEqual([
    [
      'mf_catalog',
      new Map([
        ['canary', 1],
        ['abort', 2],
      ]),
    ],
  ]);
});

describe('release_actions_total', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'page-service-history-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('shows an abort as 0 from the canary on, then 1; a line still being written waits', async () => {
    const registry = new Registry();
    releaseActionsCounter(dir, [registry]);
    expect(await registry.metrics()).not.toContain('release_actions_total{');
    const file = path.join(dir, 'history.jsonl');
    appendFileSync(file, line('mf_player', 'point') + line('mf_player', 'canary'));
    let text = await registry.metrics();
    expect(text).toContain('release_actions_total{remote="mf_player",action="canary"} 1');
    expect(text).toContain('release_actions_total{remote="mf_player",action="abort"} 0');
    const abort = line('mf_player', 'abort');
    appendFileSync(file, abort.slice(0, 20));
    expect(await registry.metrics()).toContain('release_actions_total{remote="mf_player",action="abort"} 0');
    appendFileSync(file, abort.slice(20));
    text = await registry.metrics();
    expect(text).toContain('release_actions_total{remote="mf_player",action="abort"} 1');
    expect(text).toContain('release_actions_total{remote="mf_player",action="point"} 1');
  });
});
