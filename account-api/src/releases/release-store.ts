// The release service's database (decision 0062): the pointers (the JSON the page services read),
// the history of every change, the per-remote tokens (hashed) and the refused attempts. Through
// account-api's own connection code: the embedded SQLite file by default, PostgreSQL when a URL
// is given. Every change is one transaction that moves the pointers only if their version is
// still the one read (compare-and-swap); no lock is held while a change is worked out.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { connectDatabase, isUniqueViolation, type DatabaseHandle } from '../db/connect';
import { historyEntry } from './history-entry';

// The same bundle (dist/release-store.js) gives the service its /metrics.
export { releaseMetricsRegistry } from './release-metrics';

interface ReleaseStateTable {
  id: number;
  version: number;
  state: string;
}
interface ReleaseHistoryTable {
  version: number;
  remote: string | null;
  action: string;
  at: string;
  entry: string;
}
interface ReleaseTokenTable {
  id: string;
  remote: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}
interface ReleaseRefusalTable {
  id: string;
  at: string;
  remote: string | null;
  token_id: string | null;
  token_remote: string | null;
  action: string;
  reason: string;
}
/** A version name taken by a publish to object storage: taken once, never again (immutable URLs). */
interface ReleaseVersionTable {
  remote: string;
  version: string;
  claimed_at: string;
}
export interface ReleaseTables {
  release_state: ReleaseStateTable;
  release_versions: ReleaseVersionTable;
  release_history: ReleaseHistoryTable;
  release_tokens: ReleaseTokenTable;
  release_refusals: ReleaseRefusalTable;
}

/** Parsed JSON: the pointers' shape is release.mjs's (scripts/release.mjs), kept opaque here. */
export type Json = Record<string, unknown>;
export interface PointerState extends Json {
  version: number;
  remotes: Record<string, Json>;
}
export interface HistoryEntry extends Json {
  version: number;
  action: string;
  remote: string | null;
}

/** A change refused because the pointers moved since the version the caller expected. */
export class ReleaseConflictError extends Error {
  readonly conflict = true;
}

const migrations: Record<string, Migration> = {
  '0001_release_pointers': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('release_state')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .execute();
      await (db as Kysely<ReleaseTables>)
        .insertInto('release_state')
        .values({ id: 1, version: 0, state: '{"version":0,"remotes":{}}' })
        .execute();
      await db.schema
        .createTable('release_history')
        .addColumn('version', 'integer', (col) => col.primaryKey())
        .addColumn('remote', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('entry', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('release_tokens')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('remote', 'text', (col) => col.notNull())
        .addColumn('token_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('release_refusals')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('remote', 'text')
        .addColumn('token_id', 'text')
        .addColumn('token_remote', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .execute();
    },
  },
  '0002_release_versions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('release_versions')
        .addColumn('remote', 'text', (col) => col.notNull())
        .addColumn('version', 'text', (col) => col.notNull())
        .addColumn('claimed_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('release_versions_pk', ['remote', 'version'])
        .execute();
    },
  },
};

class ReleaseMigrations implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A token's id is its public half: `rel_<id>_<secret>`, so the hash is looked up, never scanned for. */
const TOKEN_PATTERN = /^rel_([a-f0-9]{16})_([A-Za-z0-9_-]{43})$/;

/** How often a change is tried again when another one moved the pointers in between (no `expect`). */
const CAS_ATTEMPTS = 50;

export interface ChangeRequest {
  action: string;
  remote?: string | undefined;
  who: { by: string; why: string | null; commit: string | null };
  expectVersion?: number | undefined;
}

export class ReleaseStore {
  private constructor(
    private readonly db: Kysely<ReleaseTables>,
    private readonly handle: DatabaseHandle,
  ) {}

  /** Opens the database and brings its release tables up to date (Kysely's migrator holds a lock meanwhile). */
  static async open(options: { databaseUrl: string | null; dataDir: string }): Promise<ReleaseStore> {
    const handle = connectDatabase(options);
    const db = handle.db as unknown as Kysely<ReleaseTables>;
    const migrator = new Migrator({
      db,
      provider: new ReleaseMigrations(),
      migrationTableName: 'release_migration',
      migrationLockTableName: 'release_migration_lock',
    });
    const { error } = await migrator.migrateToLatest();
    if (error) {
      await handle.db.destroy();
      throw new Error(`release tables migration failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
    }
    return new ReleaseStore(db, handle);
  }

  get location(): string {
    return `${this.handle.dialect} ${this.handle.location}`;
  }

  close(): Promise<void> {
    return this.db.destroy();
  }

  async readState(): Promise<PointerState> {
    const row = await this.db
      .selectFrom('release_state')
      .select(['version', 'state'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const state = JSON.parse(row.state) as Partial<PointerState>;
    return { ...state, version: row.version, remotes: state.remotes ?? {} };
  }

  /** Only the pointers' version: what the page services' polls compare (one small indexed read). */
  async stateVersion(): Promise<number> {
    const row = await this.db.selectFrom('release_state').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
    return row.version;
  }

  async readHistory(remote?: string): Promise<HistoryEntry[]> {
    let query = this.db.selectFrom('release_history').select('entry').orderBy('version', 'asc');
    if (remote) query = query.where('remote', '=', remote);
    return (await query.execute()).map((row) => JSON.parse(row.entry) as HistoryEntry);
  }

  /** How many changes the history holds, by remote and action (the release service's /metrics). */
  async actionCounts(): Promise<{ remote: string; action: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('release_history')
      .select((eb) => ['remote', 'action', eb.fn.countAll<number | string | bigint>().as('count')])
      .where('remote', 'is not', null)
      .groupBy(['remote', 'action'])
      .orderBy('remote')
      .orderBy('action')
      .execute();
    return rows.map((row) => ({ remote: row.remote as string, action: row.action, count: Number(row.count) }));
  }

  /**
   * Applies one change: `mutate` gets a copy of the state and returns the new one (null: nothing to
   * change) and may add fields to the history line. The new state is written only if the version is
   * still the one read; otherwise the change is refused (with `expectVersion`) or worked out again on
   * the newer state, so two changes at the same moment are both kept, one after the other.
   */
  async commit(
    change: ChangeRequest,
    mutate: (state: PointerState, details: Json) => PointerState | null,
  ): Promise<{ state: PointerState; entry: HistoryEntry | null }> {
    const { expectVersion } = change;
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
      const before = await this.readState();
      if (expectVersion !== undefined && before.version !== expectVersion)
        throw new ReleaseConflictError(await this.conflictMessage(expectVersion, before.version));
      const details: Json = {};
      const after = mutate(structuredClone(before), details);
      if (after === null) return { state: before, entry: null };
      after.version = before.version + 1;
      const entry: HistoryEntry = historyEntry(change, before, after, details);
      const moved = await this.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('release_state')
          .set({ version: after.version, state: JSON.stringify(after) })
          .where('id', '=', 1)
          .where('version', '=', before.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('release_history')
          .values({
            version: entry.version,
            remote: entry.remote,
            action: entry.action,
            at: entry.at as string,
            entry: JSON.stringify(entry),
          })
          .execute();
        return true;
      });
      if (moved) return { state: after, entry };
      if (expectVersion !== undefined)
        throw new ReleaseConflictError(await this.conflictMessage(expectVersion, await this.stateVersion()));
    }
    throw new ReleaseConflictError(`the pointers kept moving for ${CAS_ATTEMPTS} attempts: try again`);
  }

  private async conflictMessage(expected: number, now: number): Promise<string> {
    const since = (await this.readHistory()).filter((entry) => entry.version > expected);
    const first = since[0];
    const came = first
      ? `: ${first.action} ${first.remote ?? ''}${typeof first.release === 'string' ? ` ${first.release}` : ''} by ${String(first.by)} at ${String(first.at)} came first` +
        (since.length > 1 ? ` (and ${since.length - 1} more change${since.length > 2 ? 's' : ''})` : '')
      : '';
    return (
      `refused: you expected the pointers at version ${expected}, they are at version ${now}${came}; ` +
      'look at `npm run release -- status` and run your change again'
    );
  }

  /**
   * Takes a version name of a remote for a publish to object storage, or answers false when it is
   * taken: a bucket has no rename, so two publishes of one version would mix their files; the
   * primary key decides which one uploads. Kept after the publish (and after a prune): a version's
   * URLs are cached as immutable, so its name never holds other bytes.
   */
  async claimVersion(remote: string, version: string): Promise<boolean> {
    try {
      await this.db.insertInto('release_versions').values({ remote, version, claimed_at: new Date().toISOString() }).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Gives a name back after a publish that failed (nothing of it is served or recorded). */
  async releaseVersion(remote: string, version: string): Promise<void> {
    await this.db.deleteFrom('release_versions').where('remote', '=', remote).where('version', '=', version).execute();
  }

  /** A new token for one remote; only its hash is kept, so it is shown once. */
  async createToken(remote: string): Promise<{ id: string; token: string }> {
    for (;;) {
      const id = randomBytes(8).toString('hex');
      const token = `rel_${id}_${randomBytes(32).toString('base64url')}`;
      try {
        await this.db
          .insertInto('release_tokens')
          .values({ id, remote, token_hash: sha256(token), created_at: new Date().toISOString(), revoked_at: null })
          .execute();
        return { id, token };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  /** The remote a token may change, or null (unknown, malformed or revoked). */
  async verifyToken(token: string): Promise<{ id: string; remote: string } | null> {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return null;
    const id = match[1] as string;
    const row = await this.db
      .selectFrom('release_tokens')
      .select(['remote', 'token_hash', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) return null;
    const same = timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(sha256(token), 'hex'));
    return same ? { id, remote: row.remote } : null;
  }

  async revokeToken(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('release_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async listTokens(): Promise<{ id: string; remote: string; createdAt: string; revokedAt: string | null }[]> {
    const rows = await this.db.selectFrom('release_tokens').selectAll().orderBy('created_at', 'asc').execute();
    return rows.map((row) => ({ id: row.id, remote: row.remote, createdAt: row.created_at, revokedAt: row.revoked_at }));
  }

  async recordRefusal(refusal: {
    remote: string | null;
    tokenId: string | null;
    tokenRemote: string | null;
    action: string;
    reason: string;
  }): Promise<void> {
    await this.db
      .insertInto('release_refusals')
      .values({
        id: randomBytes(8).toString('hex'),
        at: new Date().toISOString(),
        remote: refusal.remote,
        token_id: refusal.tokenId,
        token_remote: refusal.tokenRemote,
        action: refusal.action,
        reason: refusal.reason,
      })
      .execute();
  }

  async refusals(
    remote?: string,
  ): Promise<
    { at: string; remote: string | null; tokenId: string | null; tokenRemote: string | null; action: string; reason: string }[]
  > {
    let query = this.db.selectFrom('release_refusals').selectAll().orderBy('at', 'asc');
    if (remote) query = query.where('remote', '=', remote);
    return (await query.execute()).map((row) => ({
      at: row.at,
      remote: row.remote,
      tokenId: row.token_id,
      tokenRemote: row.token_remote,
      action: row.action,
      reason: row.reason,
    }));
  }
}
