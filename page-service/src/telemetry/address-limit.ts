// Beacons per client address: a token bucket each (a burst, then a steady rate), so one address
// sending in a loop is refused with 429 before its reports cost anything but the check.

export interface AddressLimitOptions {
  /** Beacons an address may send at once. */
  burst: number;
  /** Beacons per second it gets back. */
  perSecond: number;
  /** Addresses remembered at most; beyond, the ones whose buckets are full are forgotten. */
  maxAddresses?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class AddressLimit {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly options: AddressLimitOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one beacon from the address's bucket; false when it is empty. */
  take(address: string): boolean {
    const now = this.now();
    const { burst, perSecond } = this.options;
    let bucket = this.buckets.get(address);
    if (!bucket) {
      if (this.buckets.size >= (this.options.maxAddresses ?? 100_000)) this.forgetFull(now);
      bucket = { tokens: burst, at: now };
      this.buckets.set(address, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private forgetFull(now: number): void {
    const { burst, perSecond } = this.options;
    for (const [address, bucket] of this.buckets)
      if (bucket.tokens + ((now - bucket.at) / 1000) * perSecond >= burst) this.buckets.delete(address);
    // Still full of live buckets (a flood of addresses): start again rather than grow.
    if (this.buckets.size >= (this.options.maxAddresses ?? 100_000)) this.buckets.clear();
  }
}

/**
 * The client's address: the socket's peer, or, behind `hops` trusted proxies (nginx: 1), the
 * address the farthest trusted proxy saw in X-Forwarded-For.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string {
  const socket = socketAddress ?? 'unknown';
  if (hops <= 0 || forwardedFor === undefined) return socket;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  return chain[Math.min(hops, chain.length) - 1] ?? socket;
}
