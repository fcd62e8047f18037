// JSON files the page service reads from the remotes' deployments (each mf-manifest.json and
// fragments.json). Each file is kept in memory and refreshed in the background every second while
// pages use it (a conditional GET, so an unchanged file costs a 304); a page waits only for a
// file it has never had or a refresh already on its way. Its version moves when its content does,
// so the render cache knows when a page must be drawn again. A remote that is down or slow costs
// its pages only what its file would have added (hints, pre-rendered content), never the page.
import { RefreshedUrls } from './refreshed-urls';

const TIMINGS = {
  firstFetchTimeoutMs: 2_000,
  fetchTimeoutMs: 400,
  refreshEveryMs: 1_000,
  forgetAfterMs: 60_000,
  // A file that was there and now cannot be fetched (a timeout, a refused connection, a 5xx) is
  // kept this long: one slow answer must not draw every page again without its content. A 404
  // or a file that is not JSON drops it at once.
  keepThroughErrorsMs: 30_000,
};

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export class RemoteFiles {
  private readonly files: RefreshedUrls<unknown>;

  constructor(now: () => number = Date.now) {
    this.files = new RefreshedUrls<unknown>(
      async (url, { signal, etag }) => {
        const response = await fetch(url, { signal, headers: etag ? { 'If-None-Match': etag } : {} });
        if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
        if (response.status === 304) return 'unchanged';
        if (!response.ok) return { value: null, identity: null, etag: null };
        const text = await response.text();
        return { value: parsed(text), identity: text, etag: response.headers.get('etag') };
      },
      TIMINGS,
      now,
    );
  }

  /** The file's JSON (null when it cannot be had); only the first ask for a URL waits for it. */
  async get(url: string): Promise<unknown> {
    // A refresh on its way is waited for too: a redeployed remote's file shows on the next page.
    return (await this.files.get(url, true)).value;
  }

  /** The file's JSON as last fetched, without fetching it or counting as a use (null: not known). */
  peek(url: string): unknown {
    return this.files.peek(url);
  }

  /** Whether the file answered (its content or a 404), not unknown or unreachable. */
  answered(url: string): boolean {
    return this.files.answered(url);
  }

  /** Changes whenever any known file's content changes (part of the render cache's key). */
  versionOf(url: string): number {
    return this.files.versionOf(url);
  }

  close(): void {
    this.files.close();
  }
}
