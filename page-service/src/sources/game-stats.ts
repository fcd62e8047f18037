// The account API's stats snapshot (every game's plays and likes, Home's Trending now and Most
// played), which the pre-renderer draws into pages. Like the remotes' files, a page never waits
// for it once it is known: it is refreshed in the background, kept through the API's errors for
// a while, and its version moves only when the figures do, so the render cache draws a page
// again within a refresh of a play reaching the snapshot (well inside the 60 s the site promises).
import { asStatsSnapshot, STATS_PATH, type GameStatsSnapshot } from 'shared-contracts/play-data';

/** The first ask for a snapshot waits this long; background refreshes wait less. */
const FIRST_FETCH_TIMEOUT_MS = 1_000;
const FETCH_TIMEOUT_MS = 400;
/** The API keeps its snapshot 5 s: asking more often would only get the same figures. */
const REFRESH_EVERY_MS = 5_000;
/** An API that no page has asked about in this long is forgotten (the config names another). */
const FORGET_AFTER_MS = 60_000;
/**
 * Figures that were had and can no longer be fetched are kept this long: a restarting API must not
 * draw Home again without its rows. After it, pages show the catalogue as it is without figures.
 */
const KEEP_THROUGH_ERRORS_MS = 10 * 60_000;

/** A snapshot and its version: the version moves whenever the figures do (part of the render cache's key). */
export interface VersionedStats {
  snapshot: GameStatsSnapshot | null;
  version: number;
}

interface Entry {
  snapshot: GameStatsSnapshot | null;
  /** The figures without `generatedAt`, to tell a change from a newer copy of the same figures. */
  figures: string | null;
  version: number;
  usedAt: number;
  answeredAt: number;
  pending: Promise<void> | null;
}

/** Where the snapshot of an API is, or null when the config names no usable API. */
export function statsUrlOf(apiUrl: unknown): string | null {
  if (typeof apiUrl !== 'string' || !URL.canParse(apiUrl)) return null;
  return `${apiUrl.replace(/\/+$/, '')}${STATS_PATH}`;
}

export class GameStatsSource {
  private readonly entries = new Map<string, Entry>();
  private readonly timer: NodeJS.Timeout;
  private nextVersion = 1;

  constructor(
    private readonly now: () => number = Date.now,
    refreshEveryMs = REFRESH_EVERY_MS,
  ) {
    this.timer = setInterval(() => this.refreshAll(), refreshEveryMs);
    this.timer.unref();
  }

  /**
   * The snapshot at this URL (null: none to be had) and its version, read together so a page and
   * its cache key agree; only the first ask for a URL waits.
   */
  async get(url: string | null): Promise<VersionedStats> {
    if (url === null) return { snapshot: null, version: 0 };
    let entry = this.entries.get(url);
    if (!entry) {
      entry = { snapshot: null, figures: null, version: 0, usedAt: this.now(), answeredAt: -Infinity, pending: null };
      this.entries.set(url, entry);
      await this.refresh(url, entry);
    }
    entry.usedAt = this.now();
    if (entry.pending && entry.version === 0) await entry.pending;
    return { snapshot: entry.snapshot, version: entry.version };
  }

  close(): void {
    clearInterval(this.timer);
  }

  private refreshAll(): void {
    const now = this.now();
    for (const [url, entry] of this.entries) {
      if (now - entry.usedAt > FORGET_AFTER_MS) this.entries.delete(url);
      else if (!entry.pending) void this.refresh(url, entry);
    }
  }

  private refresh(url: string, entry: Entry): Promise<void> {
    entry.pending = (async () => {
      try {
        const response = await fetch(url, {
          signal: AbortSignal.timeout(entry.version === 0 ? FIRST_FETCH_TIMEOUT_MS : FETCH_TIMEOUT_MS),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const snapshot = asStatsSnapshot(await response.json());
        if (snapshot === null) throw new Error('not a stats snapshot');
        entry.answeredAt = this.now();
        this.settle(entry, snapshot);
      } catch {
        // Down, slow or wrong: the last figures stay for a while, then pages go without them.
        if (this.now() - entry.answeredAt > KEEP_THROUGH_ERRORS_MS) this.settle(entry, null);
      } finally {
        entry.pending = null;
      }
    })();
    return entry.pending;
  }

  private settle(entry: Entry, snapshot: GameStatsSnapshot | null): void {
    const figures =
      snapshot === null
        ? null
        : JSON.stringify([snapshot.games, snapshot.trending, snapshot.trendingWindow, snapshot.mostPlayed]);
    if (figures === entry.figures && entry.version !== 0) return;
    entry.figures = figures;
    entry.snapshot = snapshot;
    entry.version = this.nextVersion++;
  }
}
