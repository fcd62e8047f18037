// The release pointers (RELEASES_DIR/current.json) and their history (RELEASES_DIR/history.jsonl).
// Every change is one transaction: take the lock, read the state, check the version the caller
// expected (compare-and-swap), append one history line, write a temporary file and rename it over
// current.json, drop the lock. Two people changing pointers at the same moment are applied one
// after the other (both kept), or, when one said which version they expected and it moved, that
// one is refused with a message naming the change that came first. Nothing is ever lost.
import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const pointerPath = (releasesDir) => path.join(releasesDir, 'current.json');
export const historyPath = (releasesDir) => path.join(releasesDir, 'history.jsonl');
const lockPath = (releasesDir) => path.join(releasesDir, 'current.json.lock');

/** How long a change waits for another one to finish before giving up. */
const LOCK_WAIT_MS = 10_000;
/** A lock older than this belongs to a process that died mid-change: it is taken over. */
const STALE_LOCK_MS = 30_000;

export class ConflictError extends Error {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function readState(releasesDir) {
  const file = pointerPath(releasesDir);
  if (!existsSync(file)) return { version: 0, remotes: {}, overrides: [] };
  const state = JSON.parse(readFileSync(file, 'utf8'));
  return { version: 0, remotes: {}, overrides: [], ...state };
}

export function readHistory(releasesDir) {
  const file = historyPath(releasesDir);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return []; // a line cut by a crash: the rest of the history still reads
      }
    });
}

async function acquire(releasesDir) {
  const lock = lockPath(releasesDir);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString() }));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
    } catch {
      // gone in between: try again
    }
    if (Date.now() > deadline)
      throw new ConflictError(`another release change holds ${lock} for more than ${LOCK_WAIT_MS / 1000}s; try again`);
    await sleep(10 + Math.random() * 40);
  }
}

function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  writeSync(fd, text);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, file);
}

/**
 * Applies one change.
 * @param {string} releasesDir
 * @param {{ action: string, remote?: string, who: { by: string, why: string, commit: string | null }, expectVersion?: number }} change
 * @param {(state: object) => object} mutate gets a copy of the state, returns the new state (or throws to refuse)
 * @returns {Promise<{ state: object, entry: object }>}
 */
export async function commitChange(releasesDir, { action, remote, who, expectVersion }, mutate) {
  mkdirSync(releasesDir, { recursive: true });
  const release = await acquire(releasesDir);
  try {
    const before = readState(releasesDir);
    if (expectVersion !== undefined && before.version !== expectVersion) {
      const last = readHistory(releasesDir).at(-1);
      throw new ConflictError(
        `the pointers changed since version ${expectVersion}: now version ${before.version}` +
          (last ? ` (${last.action} ${last.remote ?? ''} by ${last.by} at ${last.at})` : '') +
          '; read `release status` and run your change again',
      );
    }
    const after = mutate(structuredClone(before));
    after.version = before.version + 1;
    const entry = {
      version: after.version,
      at: new Date().toISOString(),
      action,
      ...(remote ? { remote } : {}),
      by: who.by,
      why: who.why,
      commit: who.commit,
      before: remote ? summarize(before.remotes[remote]) : null,
      after: remote ? summarize(after.remotes[remote]) : null,
    };
    // The history line first: a crash between the two leaves a line for a change not applied
    // (its version is then above current.json's), never an applied change without its line.
    appendFileSync(historyPath(releasesDir), `${JSON.stringify(entry)}\n`);
    writeAtomically(pointerPath(releasesDir), `${JSON.stringify(after, null, 2)}\n`);
    return { state: after, entry };
  } finally {
    release();
  }
}

/** What a history line keeps of a remote's pointers: the live release and the canary. */
function summarize(remote) {
  if (!remote) return null;
  return {
    live: remote.version ?? null,
    canary: remote.canary ? { version: remote.canary.version, share: remote.canary.share } : null,
  };
}
