import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { LimitStore } from '../security/limit-store';
import { HttpError } from './errors';

/**
 * Per-route limits (architecture.md §6: login and code entry are rate-limited).
 * Keys pair the client address with the account being tried, so one attacker cannot
 * hammer one account and one busy network (or the e2e suite) does not lock out everyone.
 */

function fieldOf(request: FastifyRequest, field: string): string {
  const source = (request.body && typeof request.body === 'object' ? request.body : request.query) as
    Record<string, unknown> | undefined;
  const value = source?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

const MINUTE = 60_000;

function limit(
  max: number,
  timeWindow: number,
  key: (request: FastifyRequest) => string,
): RateLimitOptions & { max: number; timeWindow: number } {
  // preHandler: the body is parsed by then, and protected routes have their user.
  return { max, timeWindow, hook: 'preHandler', keyGenerator: key };
}

const byIpAnd = (field: string) => (request: FastifyRequest) => `${request.ip}|${fieldOf(request, field)}`;
const byUser = (request: FastifyRequest) => `user:${request.authUser?.id ?? request.ip}`;

export const RATE_LIMITS = {
  login: limit(10, 15 * MINUTE, byIpAnd('username')),
  refresh: limit(30, 15 * MINUTE, (request) => request.ip),
  register: limit(50, 15 * MINUTE, (request) => request.ip),
  /** Typed codes: on top of the per-code attempt lock. */
  codeEntry: limit(10, 15 * MINUTE, byIpAnd('email')),
  /** Mails sent on request: no mail-bombing an address. */
  mailRequest: limit(5, 15 * MINUTE, byIpAnd('email')),
  activation: limit(20, 15 * MINUTE, (request) => request.ip),
  captcha: limit(30, MINUTE, (request) => request.ip),
  updatePassword: limit(10, 15 * MINUTE, byUser),
  upload: limit(30, 15 * MINUTE, byUser),
} satisfies Record<string, RateLimitOptions>;

/**
 * One budget per address shared by every route that runs scrypt (~0.1 s of CPU each), so
 * cycling through usernames cannot keep the server busy hashing (see RequestBudget).
 */
export const PASSWORD_HASHING_BUDGET = { max: 120, windowMs: MINUTE };

/** 429 in the product §8 error shape; the plugin adds retry-after. */
export function rateLimitError(_request: FastifyRequest, context: { statusCode: number; after: string }): HttpError {
  return new HttpError(context.statusCode, `Too many attempts. Try again in ${context.after}.`);
}

/** "59 seconds", "1 minute", "15 minutes": how @fastify/rate-limit words its wait. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Per-account limits, one bucket per account AND client network (decision 0036): only failures
 * sent from an address count against that address, so an attacker elsewhere cannot lock the
 * owner out. The account is found whatever identifier was typed (unknown identifiers count
 * under their normalised text). Attempts are counted before the work (so parallel guesses
 * cannot slip past) and a success clears the bucket.
 */
export const ACCOUNT_LIMITS = {
  /** Sign-in attempts per account from one client network. */
  login: { max: 10, windowMs: 15 * MINUTE },
  /** Typed codes per account and purpose from one client network, across every code issued in the window. */
  codeEntry: { max: 10, windowMs: 15 * MINUTE },
  /**
   * Mails with a code per account and purpose, from all addresses together, per day: with five
   * guesses per code this caps the guesses at one account's reset code (decision 0036 §3).
   */
  codeMails: { max: 10, windowMs: 24 * 60 * MINUTE },
  /**
   * Of those, what one client network may ask for per account and purpose per day, so that
   * spending the account's daily mails takes more than one network.
   */
  codeMailsPerNetwork: { max: 5, windowMs: 24 * 60 * MINUTE },
  /**
   * Mails asked for from the network the account last signed in (or reset) from: an allowance
   * of their own, apart from `codeMails`, so nobody elsewhere can spend the owner's (decision
   * 0066). Guesses at a reset code per day: (codeMails + codeMailsOwner) x 5.
   */
  codeMailsOwner: { max: 10, windowMs: 24 * 60 * MINUTE },
} as const;

export interface AccountLimit {
  /** Counts one attempt; throws 429 (product §8 shape, Retry-After) once the bucket is full. */
  attempt(key: string): Promise<void>;
  /** The attempt succeeded: its bucket starts again. */
  succeeded(key: string): Promise<void>;
  /** Counts one use and answers whether it is within the limit (for quiet limits that must not answer 429). */
  allows(key: string): Promise<boolean>;
}

export function accountLimit(store: LimitStore, spec: { max: number; windowMs: number }): AccountLimit {
  return {
    async attempt(key) {
      const { count, resetInMs } = await store.hit(key, spec.windowMs);
      if (count > spec.max) {
        throw new HttpError(429, `Too many attempts. Try again in ${waitInWords(resetInMs)}.`, {
          'retry-after': String(Math.max(1, Math.ceil(resetInMs / 1000))),
        });
      }
    },
    succeeded: (key) => store.reset(key),
    async allows(key) {
      const { count } = await store.hit(key, spec.windowMs);
      return count <= spec.max;
    },
  };
}

/** An IPv6 address's eight groups, written out (zone dropped); null for an IPv4 address. */
function ipv6Groups(address: string): string[] | null {
  if (!address.includes(':')) return null;
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => group.replace(/^0+(?=.)/, ''));
}

/** The address in one spelling: lower case, no zone, an IPv4-mapped IPv6 address as IPv4. */
function plainAddress(ip: string): string {
  const address = ip.split('%')[0]?.toLowerCase() ?? '';
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1] ?? address;
}

/**
 * The network a client address stands for: an IPv4 address itself, an IPv6 address's /64
 * (one subscriber usually holds a whole /64, so rotating within it must not buy new buckets).
 */
export function clientNetwork(ip: string): string {
  const address = plainAddress(ip);
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/**
 * The wider network around a client: an IPv4 /24 or an IPv6 /48 (what one site or one hosting
 * customer usually holds), for bounds that renting neighbouring addresses must not multiply.
 */
export function clientSite(ip: string): string {
  const address = plainAddress(ip);
  const groups = ipv6Groups(address);
  if (groups) return `${groups.slice(0, 3).join(':')}::/48`;
  const octets = address.split('.');
  return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : address;
}

/**
 * The bucket of an account (its id when it exists, else the typed identifier, normalised), seen
 * from one client network, or from everywhere when `ip` is null.
 */
export function accountKey(scope: string, userId: number | undefined, typed: string, ip: string | null): string {
  const account = `${scope}:${userId !== undefined ? `id:${userId}` : `name:${typed.trim().toLowerCase()}`}`;
  return ip === null ? account : `${account}|${clientNetwork(ip)}`;
}
