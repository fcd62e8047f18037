import { createHmac, randomBytes, randomInt } from 'node:crypto';

/** A 6-digit code the player types from the mail; uniform over 000000-999999. */
export const newNumericCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A link token: 256 random bits, unguessable, so it needs no attempt counter. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** Keyed hash, so a leaked table does not reveal live codes (a plain hash of 6 digits would). */
export const hashSecret = (key: Buffer, secret: string): string => createHmac('sha256', key).update(secret).digest('base64url');
