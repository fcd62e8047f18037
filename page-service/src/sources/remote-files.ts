// JSON files the page service reads from the remotes' deployments (each mf-manifest.json and
// fragments.json). A page never waits for them once they are known: each file is kept in memory
// and refreshed in the background every second while pages use it (a conditional GET, so an
// unchanged file costs a 304), and its version moves when its content does, so the render cache
// knows when a page must be drawn again. A remote that is down or slow costs its pages only what
// its file would have added (hints, pre-rendered content), never the page.

/** A page waits this long for a file it has never had; background refreshes wait less. */
const FIRST_FETCH_TIMEOUT_MS = 2_000;
const FETCH_TIMEOUT_MS = 400;
const REFRESH_EVERY_MS = 1_000;
/** A file no page has asked for in this long is forgotten (a remote dropped from the config). */
const FORGET_AFTER_MS = 60_000;
/**
 * A file that was there and now cannot be fetched (a timeout, a refused connection, a 5xx) is
 * kept this long: one slow answer must not draw every page again without its content. A 404 or
 * a file that is not JSON drops it at once.
 */
const KEEP_THROUGH_ERRORS_MS = 30_000;

interface Entry {
  value: unknown;
  text: string | null;
  etag: string | null;
  version: number;
  usedAt: number;
  /** When the file last answered (200 or 304). */
  answeredAt: number;
  pending: Promise<void> | null;
}

export class RemoteFiles {
  private readonly files = new Map<string, Entry>();
  private readonly timer: NodeJS.Timeout;
  private nextVersion = 1;

  constructor(private readonly now: () => number = Date.now) {
    this.timer = setInterval(() => this.refreshAll(), REFRESH_EVERY_MS);
    this.timer.unref();
  }

  /** The file's JSON (null when it cannot be had); only the first ask for a URL waits for it. */
  async get(url: string): Promise<unknown> {
    let entry = this.files.get(url);
    if (!entry) {
      entry = { value: null, text: null, etag: null, version: 0, usedAt: this.now(), answeredAt: -Infinity, pending: null };
      this.files.set(url, entry);
      await this.refresh(url, entry);
    }
    entry.usedAt = this.now();
    if (entry.pending) await entry.pending;
    return entry.value;
  }

  /** The file's JSON as last fetched, without fetching it or counting as a use (null: not known). */
  peek(url: string): unknown {
    return this.files.get(url)?.value ?? null;
  }

  /** Changes whenever any known file's content changes (part of the render cache's key). */
  versionOf(url: string): number {
    return this.files.get(url)?.version ?? 0;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private refreshAll(): void {
    const now = this.now();
    for (const [url, entry] of this.files) {
      if (now - entry.usedAt > FORGET_AFTER_MS) this.files.delete(url);
      else if (!entry.pending) void this.refresh(url, entry);
    }
  }

  private refresh(url: string, entry: Entry): Promise<void> {
    entry.pending = (async () => {
      try {
        const response = await fetch(url, {
          signal: AbortSignal.timeout(entry.version === 0 ? FIRST_FETCH_TIMEOUT_MS : FETCH_TIMEOUT_MS),
          headers: entry.etag ? { 'If-None-Match': entry.etag } : {},
        });
        if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
        entry.answeredAt = this.now();
        if (response.status === 304) return;
        const text = response.ok ? await response.text() : null;
        this.settle(entry, text, response.ok ? response.headers.get('etag') : null);
      } catch {
        // Down or slow: kept for a while, then the pages go without it until it answers again.
        if (this.now() - entry.answeredAt > KEEP_THROUGH_ERRORS_MS) this.settle(entry, null, null);
      } finally {
        entry.pending = null;
      }
    })();
    return entry.pending;
  }

  private settle(entry: Entry, text: string | null, etag: string | null): void {
    entry.etag = etag;
    if (text === entry.text) return;
    let value: unknown = null;
    try {
      value = text === null ? null : JSON.parse(text);
    } catch {
      value = null;
    }
    entry.text = text;
    entry.value = value;
    entry.version = this.nextVersion++;
  }
}
