import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRET_FILE = 'server-secret';
/** The same floor as JWT_SECRET: anything shorter (an empty file above all) would sign guessable tokens. */
export const MIN_SECRET_LENGTH = 32;

/** The data folder holds the database, uploads and this secret: only the server's user may enter it. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/**
 * Writes the file in one step as far as any reader can tell: the secret goes to a private
 * temporary file, is synced, and is then linked into place (a rename that never replaces an
 * existing file, so two servers starting together end up with the same secret).
 */
function writeSecretOnce(file: string, secret: string): void {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.writeSync(fd, secret);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * The server's master secret: JWT_SECRET when given (required in production), otherwise a
 * random one kept in dataDir so tokens survive a restart in development. An empty or short
 * secret file stops start-up: it would otherwise sign tokens anyone can forge.
 */
export function loadMasterSecret(jwtSecret: string | null, dataDir: string): string {
  if (jwtSecret) return jwtSecret;
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, SECRET_FILE);
  if (!fs.existsSync(file)) writeSecretOnce(file, randomBytes(48).toString('base64url'));
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `The secret file ${file} is empty or shorter than ${MIN_SECRET_LENGTH} characters. Delete it to have a new one generated (every session ends), or set JWT_SECRET.`,
    );
  }
  fs.chmodSync(file, 0o600);
  return secret;
}

/** Separate keys per use, derived from the one master secret. */
export interface ServerKeys {
  jwt: Uint8Array;
  codes: Buffer;
  /** Hashes the browser's random device id before play data stores it. */
  playData: Buffer;
  /** Hashes the client network an account signed in from before it is stored. */
  ownerNetworks: Buffer;
}

export function deriveKeys(master: string): ServerKeys {
  const derive = (label: string) => createHmac('sha256', master).update(label).digest();
  return {
    jwt: new Uint8Array(derive('account-api/jwt')),
    codes: derive('account-api/one-time-codes'),
    playData: derive('account-api/play-data'),
    ownerNetworks: derive('account-api/owner-networks'),
  };
}
