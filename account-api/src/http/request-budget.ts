import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from './errors';

/**
 * A fixed-window counter per key, in memory. It exists beside @fastify/rate-limit because
 * that plugin runs only one limiter per request, and the routes that hash passwords need
 * two: per account (the plugin) and per address across all of them (this).
 */
export class RequestBudget {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns the seconds to wait when over budget, else 0. */
  take(key: string): number {
    const at = this.now();
    this.sweep(at);
    let window = this.windows.get(key);
    if (!window || at - window.start >= this.windowMs) {
      window = { start: at, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.max ? Math.ceil((window.start + this.windowMs - at) / 1000) : 0;
  }

  /** Forgets finished windows, so memory follows the number of active clients. */
  private sweep(at: number): void {
    if (this.windows.size < 1000) return;
    for (const [key, window] of this.windows) if (at - window.start >= this.windowMs) this.windows.delete(key);
  }

  hook(key: (request: FastifyRequest) => string = (request) => request.ip): preHandlerAsyncHookHandler {
    return async (request, reply) => {
      const wait = this.take(key(request));
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, `Too many attempts. Try again in ${wait} seconds.`, { 'retry-after': String(wait) });
      }
    };
  }
}
