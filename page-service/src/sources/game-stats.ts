// The account API's stats snapshot (every game's plays and likes, Home's Trending now and Most
// played), which the pre-renderer draws into pages. Like the remotes' files, a page never waits
// for it once it is known: it is refreshed in the background, kept through the API's errors for
// a while, and its version moves only when the figures do, so the render cache draws a page
// again within a refresh of a play reaching the snapshot (well inside the 60 s the site promises).
import { asStatsSnapshot, STATS_PATH, type GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import { RefreshedUrls } from './refreshed-urls';

const TIMINGS = {
  firstFetchTimeoutMs: 1_000,
  fetchTimeoutMs: 400,
  // The API keeps its snapshot 5 s: asking more often would only get the same figures.
  refreshEveryMs: 5_000,
  forgetAfterMs: 60_000,
  // A restarting API must not draw Home again without its rows; after this, pages show the
  // catalogue as it is, without figures.
  keepThroughErrorsMs: 10 * 60_000,
};

/** A snapshot and its version: the version moves whenever the figures do (part of the render cache's key). */
export interface VersionedStats {
  snapshot: GameStatsSnapshot | null;
  version: number;
}

/** Where the snapshot of an API is, or null when the config names no usable API. */
export function statsUrlOf(apiUrl: unknown): string | null {
  if (typeof apiUrl !== 'string' || !URL.canParse(apiUrl)) return null;
  return `${apiUrl.replace(/\/+$/, '')}${STATS_PATH}`;
}

export class GameStatsSource {
  private readonly snapshots: RefreshedUrls<GameStatsSnapshot>;

  constructor(now: () => number = Date.now, refreshEveryMs = TIMINGS.refreshEveryMs) {
    this.snapshots = new RefreshedUrls<GameStatsSnapshot>(
      async (url, { signal }) => {
        const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
        // Down, slow or wrong: the last figures stay for a while, then pages go without them.
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const snapshot = asStatsSnapshot(await response.json());
        if (snapshot === null) throw new Error('not a stats snapshot');
        // The figures without `generatedAt`: a newer copy of the same figures is no change.
        const figures = JSON.stringify([
          snapshot.games,
          snapshot.trending,
          snapshot.trendingWindow,
          snapshot.mostPlayed,
          snapshot.unavailable ?? [],
        ]);
        return { value: snapshot, identity: figures, etag: null };
      },
      { ...TIMINGS, refreshEveryMs },
      now,
    );
  }

  /**
   * The snapshot at this URL (null: none to be had) and its version, read together so a page and
   * its cache key agree; only the first ask for a URL waits.
   */
  async get(url: string | null): Promise<VersionedStats> {
    if (url === null) return { snapshot: null, version: 0 };
    const { value, version } = await this.snapshots.get(url);
    return { snapshot: value, version };
  }

  close(): void {
    this.snapshots.close();
  }
}
