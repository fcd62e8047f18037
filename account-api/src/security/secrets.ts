import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'server-secret';

/**
 * The server's master secret: JWT_SECRET when given (required in production), otherwise a
 * random one kept in dataDir so tokens survive a restart in development.
 */
export function loadMasterSecret(jwtSecret: string | null, dataDir: string): string {
  if (jwtSecret) return jwtSecret;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/** Separate keys per use, derived from the one master secret. */
export interface ServerKeys {
  jwt: Uint8Array;
  codes: Buffer;
}

export function deriveKeys(master: string): ServerKeys {
  const derive = (label: string) => createHmac('sha256', master).update(label).digest();
  return { jwt: new Uint8Array(derive('account-api/jwt')), codes: derive('account-api/one-time-codes') };
}
