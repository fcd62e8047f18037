import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The key every instance had before keys rotated: derived from the master secret, no `kid` on its tokens. */
export const PRIMARY_KID = null;
/** A kid as a token header may carry it: short, URL-safe. */
const KID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface SigningKey {
  kid: string | null;
  key: KeyObject;
}

/** What TokenService needs: the key that signs now, and the key (if still valid) for a token's kid. */
export interface SigningKeySource {
  signing(): SigningKey;
  verifying(kid: string | null): KeyObject | null;
}

interface KeyWindow extends SigningKey {
  /** Signs from then (ms since the epoch; the primary key from the beginning). */
  activeFrom: number;
  /** Verifies until then (Infinity while no later key is active). */
  verifiesUntil: number;
}

const wrappingKey = (master: string) => createHmac('sha256', master).update('account-api/signing-key-wrap').digest();

/** AES-256-GCM under a key derived from the master secret, the kid bound in as associated data. */
export function wrapKey(master: string, kid: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(master), iv).setAAD(Buffer.from(kid));
  const body = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unwrapKey(master: string, kid: string, wrapped: string): Buffer {
  const bytes = Buffer.from(wrapped, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', wrappingKey(master), bytes.subarray(0, 12)).setAAD(Buffer.from(kid));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

export interface KeyRingSettings {
  db: Kysely<Database>;
  master: string;
  /** The primary key (derived from the master secret). */
  primary: Uint8Array;
  /** The longest token lifetime: a key stops verifying this long after the next key took over. */
  longestTokenMs: number;
  refreshMs: number;
  now: () => Date;
  /** Told when a reload fails or a key cannot be unwrapped (another master secret). */
  warn: (message: string, details: Record<string, unknown>) => void;
}

/**
 * The signing keys of every instance, read from the database at start and every `refreshMs`
 * (SIGNING_KEY_REFRESH_SECONDS). `rotate-key` adds a key that starts signing two refresh periods
 * later, so every instance already verifies it when the first token signed with it arrives.
 */
export class SigningKeyRing implements SigningKeySource {
  private windows: KeyWindow[];
  private timer: NodeJS.Timeout | null = null;
  constructor(private readonly settings: KeyRingSettings) {
    this.windows = [{ kid: PRIMARY_KID, key: createSecretKey(settings.primary), activeFrom: 0, verifiesUntil: Infinity }];
  }

  /** Reads the keys now; throws if the database cannot be read (start-up fails rather than guess). */
  async load(): Promise<void> {
    const rows = await this.settings.db
      .selectFrom('signing_keys')
      .select(['kid', 'key_wrapped', 'active_from', 'retire_previous'])
      .orderBy('active_from')
      .orderBy('kid')
      .execute();
    const keys: (KeyWindow & { retirePrevious: boolean })[] = [
      {
        kid: PRIMARY_KID,
        key: createSecretKey(this.settings.primary),
        activeFrom: 0,
        verifiesUntil: Infinity,
        retirePrevious: false,
      },
    ];
    for (const row of rows) {
      try {
        const key = createSecretKey(unwrapKey(this.settings.master, row.kid, row.key_wrapped));
        keys.push({
          kid: row.kid,
          key,
          activeFrom: Date.parse(row.active_from),
          verifiesUntil: Infinity,
          retirePrevious: row.retire_previous === 1,
        });
      } catch {
        this.settings.warn('a signing key cannot be read with this master secret (JWT_SECRET changed?): skipped', {
          kid: row.kid,
        });
      }
    }
    // A key verifies until the last token it signed expires: the next key's start plus the longest
    // lifetime; a key that retires its predecessors ends them all at its own start.
    for (let i = 0; i < keys.length; i += 1) {
      const current = keys[i];
      const next = keys[i + 1];
      if (!current) continue;
      if (next) current.verifiesUntil = next.activeFrom + this.settings.longestTokenMs;
      for (const later of keys.slice(i + 1)) {
        if (later.retirePrevious) current.verifiesUntil = Math.min(current.verifiesUntil, later.activeFrom);
      }
    }
    this.windows = keys;
  }

  /** Re-reads every `refreshMs` until `stop()`; a failed read keeps the keys it had. */
  start(): void {
    this.timer = setInterval(() => {
      this.load().catch((error: unknown) => {
        this.settings.warn('signing keys could not be re-read; keeping the ones loaded', {
          reason: error instanceof Error ? error.message : String(error),
        });
      });
    }, this.settings.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  signing(): SigningKey {
    const now = this.settings.now().getTime();
    let active = this.windows[0];
    for (const window of this.windows) if (window.activeFrom <= now) active = window;
    if (!active) throw new Error('no signing key');
    return active;
  }

  verifying(kid: string | null): KeyObject | null {
    if (kid !== null && !KID_PATTERN.test(kid)) return null;
    const now = this.settings.now().getTime();
    const window = this.windows.find((candidate) => candidate.kid === kid);
    return window && now < window.verifiesUntil ? window.key : null;
  }
}

/**
 * `npm run rotate-key`: a new random key that starts signing after `activationDelayMs` (two
 * refresh periods: every instance has read it by then). Rows are kept (one per rotation): the
 * order of keys is what ends each one's window. Returns the new kid and when it signs.
 */
export async function addSigningKey(options: {
  db: Kysely<Database>;
  master: string;
  now: Date;
  activationDelayMs: number;
  retirePrevious: boolean;
}): Promise<{ kid: string; activeFrom: string }> {
  const kid = randomBytes(9).toString('base64url');
  const activeFrom = new Date(options.now.getTime() + options.activationDelayMs).toISOString();
  await options.db
    .insertInto('signing_keys')
    .values({
      kid,
      key_wrapped: wrapKey(options.master, kid, randomBytes(32)),
      active_from: activeFrom,
      retire_previous: options.retirePrevious ? 1 : 0,
      created_at: options.now.toISOString(),
    })
    .execute();
  return { kid, activeFrom };
}
