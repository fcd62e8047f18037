import type { BrowserContext, Page } from '@playwright/test';

export interface FinishedRequest {
  url: string;
  type: string;
  bodyBytes: number;
  start: number;
  end: number;
}
export declare function emulateNetwork(
  context: BrowserContext,
  page: Page,
  line: { latencyMs?: number; throughputKbps?: number },
): Promise<void>;
export declare function recordRequests(page: Page, keep?: (url: string) => boolean): () => Promise<FinishedRequest[]>;
export declare function waitForQuietPage(
  page: Page,
  options?: { quietMs?: number; limitMs?: number; loadTimeoutMs?: number },
): Promise<void>;
