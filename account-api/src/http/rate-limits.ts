import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
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

function limit(max: number, timeWindow: number, key: (request: FastifyRequest) => string): RateLimitOptions {
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
