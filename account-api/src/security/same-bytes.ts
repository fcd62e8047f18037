import { timingSafeEqual } from 'node:crypto';

/** Whether two secrets are equal, in time that does not depend on where they differ (lengths are not secret). */
export const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);
