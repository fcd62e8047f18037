import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { sameBytes } from './same-bytes';

/**
 * scrypt, salted, with its parameters stored in the hash so they can be raised later:
 * `scrypt$<log2N>$<r>$<p>$<salt b64>$<key b64>`.
 */
const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const optionsFor = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  // 128 * N * r bytes, plus headroom; Node's default cap (32 MiB) is exactly at N=2^15.
  maxmem: 256 * 2 ** logN * r,
});

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, optionsFor(logN, BLOCK_SIZE, PARALLELISM));
  return ['scrypt', logN, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * True when a stored hash was made with other parameters than today's (a raised cost, or a
 * lowered one in a test run): sign-in then re-hashes the password it just verified.
 */
export function needsRehash(stored: string, logN: number): boolean {
  const [scheme, storedLogN, r, p, , key] = stored.split('$');
  return (
    scheme !== 'scrypt' ||
    Number(storedLogN) !== logN ||
    Number(r) !== BLOCK_SIZE ||
    Number(p) !== PARALLELISM ||
    Buffer.from(key ?? '', 'base64').length !== KEY_LENGTH
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), optionsFor(Number(logN), Number(r), Number(p)));
  return sameBytes(actual, expected);
}

/**
 * Spends the same time as a real check, for an account that does not exist, so the
 * response time does not tell an attacker which usernames are registered.
 */
export class DummyPasswordCheck {
  private hash: Promise<string> | null = null;
  constructor(private readonly logN: number) {}
  async run(password: string): Promise<false> {
    this.hash ??= hashPassword(randomBytes(12).toString('hex'), this.logN);
    await verifyPassword(password, await this.hash);
    return false;
  }
}
