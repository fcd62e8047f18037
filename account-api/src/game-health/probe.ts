// One check of one game link: a GET as the player's frame would make it (redirects followed),
// judged on its status and on whether it lets the site frame it. Only the headers are read; the
// body is cancelled, so a check costs one request and a few kilobytes.
import { framingRefusal } from './framing';

export type CheckOutcome = 'ok' | 'http_error' | 'refuses_framing' | 'timeout' | 'unreachable';

export interface CheckResult {
  gameId: number;
  outcome: CheckOutcome;
  httpStatus: number | null;
  /** What failed, in words, for the history and `npm run reports`; null when ok. */
  detail: string | null;
}

export interface ProbeOptions {
  timeoutMs: number;
  siteOrigins: readonly string[];
  userAgent: string;
  /** Where a link is really fetched (an origin rewritten for local stand-ins); identity by default. */
  rewrite?: (link: string) => string;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export async function probeGame(gameId: number, link: string, options: ProbeOptions): Promise<CheckResult> {
  const url = options.rewrite ? options.rewrite(link) : link;
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { accept: 'text/html,*/*;q=0.8', 'user-agent': options.userAgent },
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      gameId,
      outcome: timedOut ? 'timeout' : 'unreachable',
      httpStatus: null,
      detail: timedOut ? `no answer within ${options.timeoutMs} ms` : describe(error),
    };
  }
  await response.body?.cancel().catch(() => undefined);
  if (!response.ok) return { gameId, outcome: 'http_error', httpStatus: response.status, detail: `HTTP ${response.status}` };
  const refusal = framingRefusal(
    { csp: response.headers.get('content-security-policy'), xFrameOptions: response.headers.get('x-frame-options') },
    response.url || url,
    options.siteOrigins,
  );
  if (refusal) return { gameId, outcome: 'refuses_framing', httpStatus: response.status, detail: refusal };
  return { gameId, outcome: 'ok', httpStatus: response.status, detail: null };
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of the answers. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}
