// What the page service reads from other services by URL (the remotes' manifests and fragments,
// the API's stats snapshot), kept in memory and refreshed in the background while pages use it,
// so a page does not wait on another service once it knows the answer. Each URL's value has a
// version that moves only when the value does: the render cache keys pages by it.

export interface RefreshTimings {
  /** A page waits this long for a URL it has never had; background refreshes wait less. */
  firstFetchTimeoutMs: number;
  fetchTimeoutMs: number;
  refreshEveryMs: number;
  /** A URL no page has asked for in this long is forgotten (the config names another one). */
  forgetAfterMs: number;
  /** A value that was had and can no longer be fetched is kept this long, then dropped. */
  keepThroughErrorsMs: number;
}

/**
 * One fetch of a URL: `'unchanged'` (a 304 to the validator it was given), or the new value with
 * what tells it apart from the last one (`identity`) and its validator. Throwing means "no answer"
 * (down, slow, a 5xx): the last value is kept through it for a while.
 */
export type FetchOnce<T> = (
  url: string,
  request: { signal: AbortSignal; etag: string | null },
) => Promise<'unchanged' | { value: T | null; identity: string | null; etag: string | null }>;

interface Entry<T> {
  value: T | null;
  identity: string | null;
  etag: string | null;
  /** 0 until the first answer or give-up settles it. */
  version: number;
  usedAt: number;
  /** When the URL last answered. */
  answeredAt: number;
  /** Whether the value is the URL's answer (a 404 included), not a give-up after errors. */
  fromAnswer: boolean;
  pending: Promise<void> | null;
}

export class RefreshedUrls<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly timer: NodeJS.Timeout;
  private nextVersion = 1;

  constructor(
    private readonly fetchOnce: FetchOnce<T>,
    private readonly timings: RefreshTimings,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.refreshAll(), timings.refreshEveryMs);
    this.timer.unref();
  }

  /**
   * The URL's value and version. Only the first ask for a URL waits for its answer, unless
   * `waitForRefresh` also makes an ask wait for a refresh already on its way.
   */
  async get(url: string, waitForRefresh = false): Promise<{ value: T | null; version: number }> {
    let entry = this.entries.get(url);
    if (!entry) {
      entry = {
        value: null,
        identity: null,
        etag: null,
        version: 0,
        usedAt: this.now(),
        answeredAt: -Infinity,
        fromAnswer: false,
        pending: null,
      };
      this.entries.set(url, entry);
      await this.refresh(url, entry);
    }
    entry.usedAt = this.now();
    if (entry.pending && (waitForRefresh || entry.version === 0)) await entry.pending;
    return { value: entry.value, version: entry.version };
  }

  /** The value as last fetched, without fetching it or counting as a use (null: not known). */
  peek(url: string): T | null {
    return this.entries.get(url)?.value ?? null;
  }

  /**
   * Whether the URL's value is what it answered (a 404 too), as opposed to unknown or given up
   * on after it could not be reached: a page drawn without such a URL is not whole.
   */
  answered(url: string): boolean {
    return this.entries.get(url)?.fromAnswer ?? false;
  }

  versionOf(url: string): number {
    return this.entries.get(url)?.version ?? 0;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private refreshAll(): void {
    const now = this.now();
    for (const [url, entry] of this.entries) {
      if (now - entry.usedAt > this.timings.forgetAfterMs) this.entries.delete(url);
      else if (!entry.pending) void this.refresh(url, entry);
    }
  }

  private refresh(url: string, entry: Entry<T>): Promise<void> {
    const timeoutMs = entry.version === 0 ? this.timings.firstFetchTimeoutMs : this.timings.fetchTimeoutMs;
    entry.pending = (async () => {
      try {
        const answer = await this.fetchOnce(url, { signal: AbortSignal.timeout(timeoutMs), etag: entry.etag });
        entry.answeredAt = this.now();
        if (answer !== 'unchanged') this.settle(entry, answer.value, answer.identity, answer.etag, true);
      } catch {
        if (this.now() - entry.answeredAt > this.timings.keepThroughErrorsMs) this.settle(entry, null, null, null, false);
      } finally {
        entry.pending = null;
      }
    })();
    return entry.pending;
  }

  private settle(entry: Entry<T>, value: T | null, identity: string | null, etag: string | null, fromAnswer: boolean): void {
    entry.etag = etag;
    // An answer after a give-up moves the version even when both are "nothing" (a 404 after
    // errors): a page drawn while the URL was unreachable is not whole and must be drawn again.
    if (identity === entry.identity && fromAnswer === entry.fromAnswer && entry.version !== 0) return;
    entry.identity = identity;
    entry.fromAnswer = fromAnswer;
    entry.value = value;
    entry.version = this.nextVersion++;
  }
}
