import { createHmac, randomBytes, randomInt } from 'node:crypto';

/** A code of `digits` digits (6 unless asked) the player types from the mail; uniform over all of them. */
export function newNumericCode(digits = 6): string {
  let code = '';
  // randomInt takes ranges below 2^48: draw in blocks of 6 digits.
  while (code.length < digits) code += String(randomInt(0, 1_000_000)).padStart(6, '0');
  return code.slice(0, digits);
}

/** A typed code as it is compared: spaces and dashes (the mail groups long codes) do not count. */
export const normalizeCode = (typed: string): string => typed.replace(/[\s-]+/g, '');

/** A link token: 256 random bits, unguessable, so it needs no attempt counter. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** Keyed hash, so a leaked table does not reveal live codes (a plain hash of 6 digits would). */
export const hashSecret = (key: Buffer, secret: string): string => createHmac('sha256', key).update(secret).digest('base64url');
