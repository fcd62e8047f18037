/**
 * Answers of a read, kept only while the database is unchanged. The version it is given (the
 * file's WAL-index header, or `PRAGMA data_version` on the reading connection) moves whenever
 * any other connection commits: this process's own writer, or another process on the same file.
 * The first read after any commit therefore
 * drops everything kept and asks the database again, so a revoked session, a password change or a
 * profile edit is seen by the very next request, whoever wrote it. Nothing time-dependent may be
 * kept here: an entry lives as long as the data it came from, not a moment longer.
 */
export class UntilCommitCache<Value> {
  private seenVersion: number | null = null;
  private readonly entries = new Map<string, Value>();

  constructor(
    /** Moves with every commit to the database (wal-change-counter.ts, or `PRAGMA data_version`). */
    private readonly dataVersion: () => number,
    /** At most this many answers; the oldest goes first. */
    private readonly maxEntries: number,
  ) {}

  /** The kept answer for `key`, else `load()`'s (kept when it found something). */
  read(key: string, load: () => Value | undefined): Value | undefined {
    // Before the read: a commit that lands between the two changes the version, and the next call
    // drops what this one keeps.
    const version = this.dataVersion();
    if (version !== this.seenVersion) {
      this.entries.clear();
      this.seenVersion = version;
    }
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const value = load();
    if (value === undefined) return value;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
    return value;
  }

  /** How many answers are kept now (tests). */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * `read`, asked at most once per synchronous stretch of code: the first call reads, the calls
 * after it until the current task ends (the microtask queue's next turn) share that answer. On
 * SQLite one request's reads are one such stretch (the auth check, then the balance handler,
 * with no await between), so they share one version read (a system call). The
 * next request is always a later task: a commit that ended before it started is seen.
 */
export function oncePerTask(read: () => number): () => number {
  let current: number | null = null;
  const forget = () => {
    current = null;
  };
  return () => {
    if (current === null) {
      current = read();
      queueMicrotask(forget);
    }
    return current;
  };
}
