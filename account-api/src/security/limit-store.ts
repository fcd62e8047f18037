import type { Redis } from 'ioredis';

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

export class MemoryLimitStore implements LimitStore {
  private readonly counters = new Map<string, { count: number; endsAt: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  // Promise-returning to match the Redis store; memory answers at once.
  hit(key: string, windowMs: number): Promise<Hit> {
    const at = this.now();
    if (this.counters.size > 10_000) this.sweep(at);
    const current = this.counters.get(key);
    const counter = current && current.endsAt > at ? current : { count: 0, endsAt: at + windowMs };
    counter.count += 1;
    this.counters.set(key, counter);
    return Promise.resolve({ count: counter.count, resetInMs: counter.endsAt - at });
  }

  reset(key: string): Promise<void> {
    this.counters.delete(key);
    return Promise.resolve();
  }

  private sweep(at: number): void {
    for (const [key, counter] of this.counters) if (counter.endsAt <= at) this.counters.delete(key);
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
