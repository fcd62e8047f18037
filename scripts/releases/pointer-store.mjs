// The release pointers (RELEASES_DIR/current.json) and their history (RELEASES_DIR/history.jsonl).
// Every change is one transaction: take the lock, read the state, check the version the caller
// expected (compare-and-swap), append one history line, write a temporary file and rename it over
// current.json, drop the lock. Two people changing pointers at the same moment are applied one
// after the other (both kept), or, when one said which version they expected and it moved, that
// one is refused with a message naming the change that came first. Nothing is ever lost.
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { historyEntry } from '../../account-api/src/releases/history-entry.ts';

export const pointerPath = (releasesDir) => path.join(releasesDir, 'current.json');
export const historyPath = (releasesDir) => path.join(releasesDir, 'history.jsonl');
export const lockPath = (releasesDir) => path.join(releasesDir, 'current.json.lock');

/** How long a change waits for another one to finish before giving up. */
export const LOCK_WAIT_MS = 10_000;
/** A lock older than this belongs to a process that died mid-change (a change takes milliseconds). */
export const STALE_LOCK_MS = 30_000;

/** A change refused because another came first or held the lock too long: safe to retry after a look. */
export class ConflictError extends Error {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function readState(releasesDir) {
  const file = pointerPath(releasesDir);
  // The first format had no version: it counts as 0, so `--expect 0` works on it too.
  let state = {};
  try {
    if (existsSync(file)) state = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    // Only a hand edit can do this (changes are renamed into place whole): say which file to fix.
    throw new Error(`${file} is not valid JSON (${error.message}): fix it by hand, history.jsonl has every change`);
  }
  return { ...state, version: Number.isInteger(state.version) ? state.version : 0, remotes: state.remotes ?? {} };
}

const parseLines = (text) =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return []; // a line cut by a crash: the rest of the history still reads
      }
    });

export function readHistory(releasesDir) {
  const file = historyPath(releasesDir);
  return existsSync(file) ? parseLines(readFileSync(file, 'utf8')) : [];
}

/** The last whole history line, read from the file's end: a transaction never reads all of it. */
function lastEntry(releasesDir) {
  const file = historyPath(releasesDir);
  if (!existsSync(file)) return null;
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, 65_536);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return parseLines(buffer.toString('utf8')).at(-1) ?? null;
  } finally {
    closeSync(fd);
  }
}

function describeLock(lock) {
  try {
    const holder = JSON.parse(readFileSync(lock, 'utf8'));
    return `pid ${holder.pid} on ${holder.host} since ${holder.at}`;
  } catch {
    return 'unknown holder';
  }
}

function isStale(file, staleMs) {
  try {
    return Date.now() - statSync(file).mtimeMs > staleMs;
  } catch {
    return false; // gone in between: just try again
  }
}

/**
 * Removes a lock left by a dead process. Two waiters may both see it stale; without this guard
 * the slower one would delete the lock the faster one had just taken, and both would go ahead.
 */
function takeOverStale(lock, staleMs) {
  const guard = `${lock}.takeover`;
  let fd;
  try {
    fd = openSync(guard, 'wx');
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    // The guard is held for microseconds; one this old belongs to a process that died holding it.
    if (isStale(guard, staleMs)) rmSync(guard, { force: true });
    return;
  }
  try {
    if (isStale(lock, staleMs)) rmSync(lock, { force: true });
  } finally {
    closeSync(fd);
    rmSync(guard, { force: true });
  }
}

async function acquire(releasesDir, { waitMs = LOCK_WAIT_MS, staleMs = STALE_LOCK_MS } = {}) {
  const lock = lockPath(releasesDir);
  const token = randomBytes(8).toString('hex');
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString(), token }));
      closeSync(fd);
      // Only our own lock is removed: if ours was taken over as stale, the new holder keeps theirs.
      return () => {
        try {
          if (JSON.parse(readFileSync(lock, 'utf8')).token === token) rmSync(lock, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (isStale(lock, staleMs)) takeOverStale(lock, staleMs);
    else if (Date.now() > deadline)
      throw new ConflictError(
        `another release change has held ${lock} for over ${waitMs / 1000} s (${describeLock(lock)}); try again`,
      );
    // Random, so waiters that collided once do not keep colliding in step.
    await sleep(5 + Math.random() * 25);
  }
}

/** Appends one line and flushes it to disk before the pointers move. */
function appendLine(file, line) {
  const fd = openSync(file, 'a+');
  try {
    const size = fstatSync(fd).size;
    let prefix = '';
    if (size > 0) {
      // A line cut by a crash has no newline: without one, this line would be glued to it and lost too.
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = '\n';
    }
    writeSync(fd, `${prefix}${line}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A reader sees the old file or the new one, never half of one; fsync so a crash cannot leave it empty. */
function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  try {
    const dir = openSync(path.dirname(file), 'r');
    fsyncSync(dir);
    closeSync(dir);
  } catch {
    // some file systems cannot fsync a directory; the rename is still atomic
  }
}

function conflictMessage(releasesDir, expected, now) {
  const since = readHistory(releasesDir).filter((entry) => entry.version > expected);
  const first = since[0];
  const came = first
    ? `: ${first.action} ${first.remote ?? ''}${first.release ? ` ${first.release}` : ''} by ${first.by} at ${first.at} came first` +
      (since.length > 1 ? ` (and ${since.length - 1} more change${since.length > 2 ? 's' : ''})` : '')
    : '';
  return (
    `refused: you expected the pointers at version ${expected}, they are at version ${now}${came}; ` +
    'look at `npm run release -- status` and run your change again'
  );
}

/**
 * Applies one change under the lock.
 * @param {string} releasesDir
 * @param {{ action: string, remote?: string, who: { by: string, why: string | null, commit: string | null },
 *   expectVersion?: number, lockWaitMs?: number, staleLockMs?: number }} change
 * @param {(state: object, details: object) => object | null} mutate gets a copy of the state and returns
 *   the new one, or null for "nothing to change" (no history line); it may add fields for the history
 *   line to `details`, and throws to refuse the change.
 * @returns {Promise<{ state: object, entry: object | null }>}
 */
export async function commitChange(releasesDir, change, mutate) {
  const { expectVersion } = change;
  mkdirSync(releasesDir, { recursive: true });
  const release = await acquire(releasesDir, { waitMs: change.lockWaitMs, staleMs: change.staleLockMs });
  try {
    const before = readState(releasesDir);
    if (expectVersion !== undefined && before.version !== expectVersion)
      throw new ConflictError(conflictMessage(releasesDir, expectVersion, before.version));
    const details = {};
    const after = mutate(structuredClone(before), details);
    if (after === null) return { state: before, entry: null };
    // A crash between the history line and the rename leaves a line whose version current.json
    // never reached; numbering on from the higher of the two keeps every line's version unique.
    after.version = Math.max(before.version, lastEntry(releasesDir)?.version ?? 0) + 1;
    const entry = historyEntry(change, before, after, details);
    // The history line first: a crash between the two leaves a line for a change not applied,
    // never an applied change without its line.
    appendLine(historyPath(releasesDir), JSON.stringify(entry));
    writeAtomically(pointerPath(releasesDir), `${JSON.stringify(after, null, 2)}\n`);
    return { state: after, entry };
  } finally {
    release();
  }
}
