import { setTimeout as sleepFor } from 'node:timers/promises';

/**
 * A mail request (forgot-password, resend) for a known address does more work than one for an
 * unknown address (a code, a rendered mail, three rows), so its answer came a few hundred
 * microseconds later. Every such answer now waits until this long after the request began: the
 * timing then says nothing about the address unless the host is slower than the floor itself.
 */
export const MAIL_REQUEST_FLOOR_MS = 30;

interface Clock {
  now: () => number;
  sleep: (ms: number) => Promise<unknown>;
}

const realClock: Clock = { now: () => performance.now(), sleep: (ms) => sleepFor(ms) };

/** Resolves once `floorMs` have passed since `startedAt` (a `performance.now()` reading). */
export async function answerNoSoonerThan(startedAt: number, floorMs: number, clock: Clock = realClock): Promise<void> {
  const left = floorMs - (clock.now() - startedAt);
  if (left > 0) await clock.sleep(left);
}
