// The release history (RELEASES_DIR/history.jsonl, appended by scripts/release.mjs under its lock)
// as a counter of changes by remote and action, so an alert sees a canary aborted (by the watcher
// or by hand) without anyone reading the file. The file only grows: the counter mirrors it.
import { openSync, readSync, closeSync, statSync } from 'node:fs';
import path from 'node:path';
import { Counter, type Registry } from 'prom-client';

/** The actions scripts/release.mjs records; anything else in the file (a hand edit) is not counted. */
export const RELEASE_ACTIONS = [
  'publish',
  'point',
  'rollback',
  'roll-forward',
  'canary',
  'promote',
  'abort',
  'override-token',
  'revoke-override',
] as const;
/** Started at 0 for every remote named in the history, so the first abort is an increase. */
const ALWAYS_SHOWN = ['canary', 'promote', 'abort', 'rollback'] as const;
const REMOTE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const KNOWN = new Set<string>(RELEASE_ACTIONS);

export type ActionCounts = Map<string, Map<string, number>>;

/** Counts whole lines of history text by remote and action (a line cut by a crash is skipped). */
export function countActions(text: string, into: ActionCounts = new Map()): ActionCounts {
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const { remote, action } = (entry ?? {}) as { remote?: unknown; action?: unknown };
    if (typeof remote !== 'string' || !REMOTE_NAME.test(remote) || typeof action !== 'string' || !KNOWN.has(action)) continue;
    const actions = into.get(remote) ?? new Map<string, number>();
    actions.set(action, (actions.get(action) ?? 0) + 1);
    into.set(remote, actions);
  }
  return into;
}

/** Reads only what was appended since the last scrape (whole lines), from `offset` on. */
class HistoryReader {
  private offset = 0;
  private counts: ActionCounts = new Map();

  constructor(private readonly file: string) {}

  read(): ActionCounts {
    let size: number;
    try {
      size = statSync(this.file).size;
    } catch {
      return this.counts; // no history yet
    }
    if (size < this.offset) {
      // Replaced by a shorter file (restored from a backup): count it again.
      this.offset = 0;
      this.counts = new Map();
    }
    if (size === this.offset) return this.counts;
    const fd = openSync(this.file, 'r');
    try {
      const buffer = Buffer.alloc(size - this.offset);
      readSync(fd, buffer, 0, buffer.length, this.offset);
      const end = buffer.lastIndexOf(0x0a) + 1; // a line still being written waits for the next scrape
      countActions(buffer.subarray(0, end).toString('utf8'), this.counts);
      this.offset += end;
    } finally {
      closeSync(fd);
    }
    return this.counts;
  }
}

export function releaseActionsCounter(releasesDir: string, registers: Registry[]): Counter<'remote' | 'action'> {
  const history = new HistoryReader(path.join(releasesDir, 'history.jsonl'));
  return new Counter({
    name: 'release_actions_total',
    help: 'Release pointer changes recorded in RELEASES_DIR/history.jsonl, by remote and action (abort: a canary stopped)',
    labelNames: ['remote', 'action'],
    registers,
    collect() {
      this.reset();
      for (const [remote, actions] of history.read()) {
        for (const action of ALWAYS_SHOWN) this.inc({ remote, action }, 0);
        for (const [action, count] of actions) this.inc({ remote, action }, count);
      }
    },
  });
}
