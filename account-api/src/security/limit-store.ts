import type { Redis } from 'ioredis';
import { DEFAULT_MEMORY_KEYS } from '../config';
import { HttpError } from '../http/errors';

/** One counter after a hit: how many hits this window holds, and when the window ends. */
export interface Hit {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters for the per-account limits (decision 0007, step 2). Memory for one
 * instance; Redis when REDIS_URL is set, so every instance counts into the same buckets and a
 * restart forgets nothing.
 */
export interface LimitStore {
  /** Counts one attempt against `key`; the window starts with the first attempt. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Forgets the key (a successful sign-in or code ends its run of failures). */
  reset(key: string): Promise<void>;
}

/** What a request reads when the in-memory limit store is full: refused, never counted from zero. */
export const LIMITS_FULL = 'The service is too busy to take this request right now. Please try again in a few minutes.';

/**
 * Fixed windows in process memory, bounded. It never evicts a live counter (an LRU would, and
 * a victim's counter would start again after enough other keys): when every slot holds a live
 * window, a new key is refused with 503 until windows end (fail closed). Production runs on
 * Redis (config refuses it without), so this bound is for development and single test runs.
 */
export class MemoryLimitStore implements LimitStore {
  private readonly counters = new Map<string, { count: number; endsAt: number }>();
  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MEMORY_KEYS,
  ) {}

  // Promise-returning to match the Redis store; memory answers at once.
  hit(key: string, windowMs: number): Promise<Hit> {
    const at = this.now();
    const current = this.counters.get(key);
    if (!current && this.counters.size >= this.maxKeys) {
      this.sweep(at);
      if (this.counters.size >= this.maxKeys) return Promise.reject(new HttpError(503, LIMITS_FULL, { 'retry-after': '60' }));
    }
    const counter = current && current.endsAt > at ? current : { count: 0, endsAt: at + windowMs };
    counter.count += 1;
    this.counters.set(key, counter);
    return Promise.resolve({ count: counter.count, resetInMs: counter.endsAt - at });
  }

  /** The count of a key without counting (0 when it has no live window). */
  peek(key: string): Hit {
    const at = this.now();
    const current = this.counters.get(key);
    return current && current.endsAt > at ? { count: current.count, resetInMs: current.endsAt - at } : { count: 0, resetInMs: 0 };
  }

  reset(key: string): Promise<void> {
    this.counters.delete(key);
    return Promise.resolve();
  }

  private sweep(at: number): void {
    for (const [key, counter] of this.counters) if (counter.endsAt <= at) this.counters.delete(key);
  }
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over MemoryLimitStore, in place of the plugin's own
 * LRU of 5,000 keys per route. The plugin makes one child per route, as it does with its own.
 */
export class BoundedRateLimitStore {
  private readonly store: MemoryLimitStore;
  constructor(
    private readonly now: () => number,
    private readonly maxKeys: number,
  ) {
    this.store = new MemoryLimitStore(now, maxKeys);
  }

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    this.store.hit(key, timeWindow).then(
      (hit) => {
        callback(null, { current: hit.count, ttl: hit.resetInMs });
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  read(key: string, callback: StoreCallback): void {
    const hit = this.store.peek(key);
    callback(null, { current: hit.count, ttl: hit.resetInMs });
  }

  child(): BoundedRateLimitStore {
    return new BoundedRateLimitStore(this.now, this.maxKeys);
  }
}

/** INCR and, for a new key, PEXPIRE in one step; answers the count and the time left. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export class RedisLimitStore implements LimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
    return { count, resetInMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
