// The release pointers from the release service (RELEASE_API_URL, decision 0062) in place of a
// shared RELEASES_DIR: GET /v1/pointers every RELEASE_POLL_MS with If-None-Match, so an unchanged
// state costs the service one small read and a 304. A failed poll keeps the last pointers (pages
// keep their releases; the error is told once, and so is the first poll that works again).
import { NO_POINTERS, parsePointerState, type PointerState } from './pointer-state';

export interface PointerSource {
  /** Moves whenever the pointers may have changed (part of ConfigSource's stamp). */
  stamp(): string;
  current(): PointerState;
}

export class PointerPoller implements PointerSource {
  private state: PointerState = NO_POINTERS;
  private etag: string | null = null;
  private generation = 0;
  private timer: NodeJS.Timeout | null = null;
  private failing = false;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly serviceUrl: string,
    private readonly intervalMs: number,
    /** Told once when polls start failing (the error), and once when one works again (null). */
    private readonly onHealth: (error: Error | null) => void = () => undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  stamp(): string {
    return `poll:${this.generation}`;
  }

  current(): PointerState {
    return this.state;
  }

  /** One poll now (the first before the service listens, so the first pages have the pointers). */
  poll(): Promise<void> {
    this.inFlight ??= this.fetchOnce().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  start(): Promise<void> {
    const first = this.poll();
    this.timer = setInterval(() => void this.poll(), this.intervalMs);
    // Polling never keeps a stopping process alive.
    this.timer.unref();
    return first;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async fetchOnce(): Promise<void> {
    try {
      const response = await this.fetchImpl(`${this.serviceUrl.replace(/\/$/, '')}/v1/pointers`, {
        headers: this.etag ? { 'if-none-match': this.etag } : {},
        signal: AbortSignal.timeout(Math.max(this.intervalMs, 2_000)),
      });
      if (response.status === 304) {
        this.working();
        return;
      }
      if (!response.ok) throw new Error(`the release service answered HTTP ${response.status}`);
      this.state = parsePointerState(await response.json());
      this.etag = response.headers.get('etag');
      this.generation += 1;
      this.working();
    } catch (error) {
      if (!this.failing) this.onHealth(new Error(`release pointers not polled: ${(error as Error).message}`, { cause: error }));
      this.failing = true;
    }
  }

  private working(): void {
    if (!this.failing) return;
    this.failing = false;
    this.onHealth(null);
  }
}
