// Beacons per client address: a token bucket each (a burst, then a steady rate), so one address
// sending in a loop is refused with 429 before its reports cost anything but the check.

export interface AddressLimitOptions {
  /** Beacons an address may send at once. */
  burst: number;
  /** Beacons per second it gets back. */
  perSecond: number;
  /** Addresses remembered at most; beyond, those unused for longest are forgotten. */
  maxAddresses?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class AddressLimit {
  /**
   * Two generations of buckets: addresses seen since the last turn, and those seen in the turn
   * before. When the current one holds half the addresses allowed, the older one is dropped whole
   * and the current one takes its place; an address used again is carried into the current one.
   * So at most maxAddresses are kept, each beacon costs a lookup or two, and nothing sweeps the
   * whole set (the sweep it replaces cost 40-125 ms of CPU at 100,000 addresses, a stall for
   * every request in flight, once per 100,000 new addresses).
   */
  private current = new Map<string, Bucket>();
  private previous = new Map<string, Bucket>();
  private readonly perGeneration: number;

  constructor(
    private readonly options: AddressLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.perGeneration = Math.max(1, Math.floor((options.maxAddresses ?? 100_000) / 2));
  }

  /** Takes one beacon from the address's bucket; false when it is empty. */
  take(address: string): boolean {
    const now = this.now();
    const { burst, perSecond } = this.options;
    let bucket = this.current.get(address);
    if (!bucket) {
      // An address forgotten gets a full bucket again: only one unused for a whole generation.
      bucket = this.previous.get(address) ?? { tokens: burst, at: now };
      if (this.current.size >= this.perGeneration) {
        this.previous = this.current;
        this.current = new Map();
      }
      this.current.set(address, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Addresses remembered now (never more than maxAddresses, or 2 when that is 1). */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}
