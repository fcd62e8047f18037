import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DialectName } from './connect';
import type { Database } from './schema';

/**
 * Versioned migrations, applied in name order by `npm run migrate` (and at start-up outside
 * production). Never edit a released one:
 * add the next number instead. They take Kysely<unknown> because they run against
 * whatever shape the database had at that version, not today's schema.
 */
function migrations(dialect: DialectName): Record<string, Migration> {
  const idColumn = (db: Kysely<unknown>, table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (col) =>
        dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
      );

  return {
    '0001_users': {
      async up(db) {
        await idColumn(db, 'users')
          .addColumn('username', 'text', (col) => col.notNull())
          .addColumn('username_key', 'text', (col) => col.notNull().unique())
          .addColumn('email', 'text', (col) => col.notNull().unique())
          .addColumn('password_hash', 'text', (col) => col.notNull())
          .addColumn('first_name', 'text')
          .addColumn('last_name', 'text')
          .addColumn('picture_url', 'text')
          .addColumn('dob', 'text')
          .addColumn('gender', 'text')
          .addColumn('phone', 'text')
          .addColumn('country', 'text')
          .addColumn('state', 'text')
          .addColumn('city', 'text')
          .addColumn('postal_code', 'text')
          .addColumn('street_address_1', 'text')
          .addColumn('street_address_2', 'text')
          .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .execute();
      },
      async down(db) {
        await db.schema.dropTable('users').execute();
      },
    },
    '0002_one_time_codes': {
      async up(db) {
        await idColumn(db, 'one_time_codes')
          .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('purpose', 'text', (col) => col.notNull())
          .addColumn('secret_hash', 'text', (col) => col.notNull())
          .addColumn('expires_at', 'text', (col) => col.notNull())
          .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('one_time_codes_user_purpose').on('one_time_codes').columns(['user_id', 'purpose']).execute();
        await db.schema.createIndex('one_time_codes_secret').on('one_time_codes').columns(['purpose', 'secret_hash']).execute();
      },
      async down(db) {
        await db.schema.dropTable('one_time_codes').execute();
      },
    },
    '0003_wallets_and_uploads': {
      async up(db) {
        await db.schema
          .createTable('wallets')
          .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('balance', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('currency', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .execute();
        await db.schema
          .createTable('uploads')
          .addColumn('name', 'text', (col) => col.primaryKey())
          .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('content_type', 'text', (col) => col.notNull())
          .addColumn('size', 'integer', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute();
      },
      async down(db) {
        await db.schema.dropTable('uploads').execute();
        await db.schema.dropTable('wallets').execute();
      },
    },
    '0004_sessions': {
      async up(db) {
        await db.schema
          .createTable('sessions')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('refresh_jti', 'text', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('last_used_at', 'text', (col) => col.notNull())
          .addColumn('expires_at', 'text', (col) => col.notNull())
          .addColumn('revoked_at', 'text')
          .addColumn('revoked_reason', 'text')
          .execute();
        await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      },
      async down(db) {
        await db.schema.dropTable('sessions').execute();
      },
    },
    '0005_mail_outbox': {
      async up(db) {
        await idColumn(db, 'mail_outbox')
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('recipient', 'text', (col) => col.notNull())
          .addColumn('subject', 'text', (col) => col.notNull())
          .addColumn('text_body', 'text', (col) => col.notNull())
          .addColumn('html_body', 'text', (col) => col.notNull())
          .addColumn('code', 'text')
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'text', (col) => col.notNull())
          .addColumn('last_error', 'text')
          .addColumn('delivered_via', 'text')
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('sent_at', 'text')
          .execute();
        // The worker's claim: pending rows whose time has come, oldest first.
        await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
        await db.schema.createIndex('mail_outbox_recipient').on('mail_outbox').columns(['recipient', 'id']).execute();
      },
      async down(db) {
        await db.schema.dropTable('mail_outbox').execute();
      },
    },
    '0006_player_library': {
      async up(db) {
        await db.schema
          .createTable('player_library')
          .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('list', 'text', (col) => col.notNull())
          .addColumn('game_id', 'integer', (col) => col.notNull())
          .addColumn('at', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('player_library_pk', ['user_id', 'list', 'game_id'])
          .execute();
      },
      async down(db) {
        await db.schema.dropTable('player_library').execute();
      },
    },
    '0010_signing_keys': {
      async up(db) {
        await db.schema
          .createTable('signing_keys')
          .addColumn('kid', 'text', (col) => col.primaryKey())
          .addColumn('key_wrapped', 'text', (col) => col.notNull())
          .addColumn('active_from', 'text', (col) => col.notNull())
          .addColumn('retire_previous', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (col) => col.notNull())
          .execute();
      },
      async down(db) {
        await db.schema.dropTable('signing_keys').execute();
      },
    },
    // The purge of unsaved uploads looks for old uploads that no account shows as its picture.
    '0011_upload_purge_indexes': {
      async up(db) {
        await db.schema.createIndex('uploads_created_at').on('uploads').column('created_at').execute();
        await db.schema.createIndex('users_picture_url').on('users').column('picture_url').execute();
      },
      async down(db) {
        await db.schema.dropIndex('users_picture_url').execute();
        await db.schema.dropIndex('uploads_created_at').execute();
      },
    },
    '0013_game_plays': {
      async up(db) {
        // Plays rolled up per game and UTC day; the figures Home, cards and sorting read.
        await db.schema
          .createTable('game_play_days')
          .addColumn('game_id', 'integer', (col) => col.notNull())
          .addColumn('day', 'text', (col) => col.notNull())
          .addColumn('plays', 'integer', (col) => col.notNull())
          .addPrimaryKeyConstraint('game_play_days_pk', ['game_id', 'day'])
          .execute();
        await db.schema.createIndex('game_play_days_day').on('game_play_days').column('day').execute();
        // Without Redis: the last counted play of a (device hash, game), for the 30-minute window.
        await db.schema
          .createTable('play_seen')
          .addColumn('key', 'text', (col) => col.primaryKey())
          .addColumn('seen_at', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('play_seen_at').on('play_seen').column('seen_at').execute();
      },
      async down(db) {
        await db.schema.dropTable('play_seen').execute();
        await db.schema.dropTable('game_play_days').execute();
      },
    },
    '0014_game_votes': {
      async up(db) {
        // One vote per voter and game; voter is 'd:<device hash>' or 'u:<user id>'.
        await db.schema
          .createTable('game_votes')
          .addColumn('voter', 'text', (col) => col.notNull())
          .addColumn('game_id', 'integer', (col) => col.notNull())
          .addColumn('vote', 'integer', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('game_votes_pk', ['voter', 'game_id'])
          .execute();
        await db.schema.createIndex('game_votes_game').on('game_votes').column('game_id').execute();
      },
      async down(db) {
        await db.schema.dropTable('game_votes').execute();
      },
    },
    '0015_game_reports': {
      async up(db) {
        await idColumn(db, 'game_reports')
          .addColumn('game_id', 'integer', (col) => col.notNull())
          .addColumn('reporter', 'text', (col) => col.notNull())
          .addColumn('day', 'text', (col) => col.notNull())
          .addColumn('reason', 'text', (col) => col.notNull())
          .addColumn('text', 'text')
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addUniqueConstraint('game_reports_once_a_day', ['reporter', 'game_id', 'day'])
          .execute();
      },
      async down(db) {
        await db.schema.dropTable('game_reports').execute();
      },
    },
    '0016_game_health': {
      async up(db) {
        await db.schema
          .createTable('game_health')
          .addColumn('game_id', 'integer', (col) => col.primaryKey())
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('last_checked_at', 'text')
          .addColumn('last_outcome', 'text')
          .addColumn('last_detail', 'text')
          .addColumn('changed_at', 'text', (col) => col.notNull())
          .addColumn('flagged_at', 'text')
          .execute();
        await idColumn(db, 'game_health_checks')
          .addColumn('game_id', 'integer', (col) => col.notNull())
          .addColumn('checked_at', 'text', (col) => col.notNull())
          .addColumn('outcome', 'text', (col) => col.notNull())
          .addColumn('http_status', 'integer')
          .addColumn('detail', 'text')
          .addColumn('counted', 'integer', (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex('game_health_checks_game')
          .on('game_health_checks')
          .columns(['game_id', 'checked_at'])
          .execute();
        await db.schema.createIndex('game_health_checks_at').on('game_health_checks').column('checked_at').execute();
        // One row per periodic job that must run on one instance only (leader by lease).
        await db.schema
          .createTable('job_leases')
          .addColumn('name', 'text', (col) => col.primaryKey())
          .addColumn('holder', 'text', (col) => col.notNull())
          .addColumn('expires_at', 'text', (col) => col.notNull())
          .addColumn('last_run_at', 'text')
          .execute();
      },
      async down(db) {
        await db.schema.dropTable('job_leases').execute();
        await db.schema.dropTable('game_health_checks').execute();
        await db.schema.dropTable('game_health').execute();
      },
    },
    '0017_play_data_bounds_and_owner_networks': {
      async up(db) {
        // What one address or site has spent of its daily bound per action and game (decision 0054).
        await db.schema
          .createTable('play_data_bounds')
          .addColumn('action', 'text', (col) => col.notNull())
          .addColumn('game_id', 'integer', (col) => col.notNull())
          .addColumn('day', 'text', (col) => col.notNull())
          .addColumn('source', 'text', (col) => col.notNull())
          .addColumn('used', 'integer', (col) => col.notNull())
          .addPrimaryKeyConstraint('play_data_bounds_pk', ['action', 'game_id', 'day', 'source'])
          .execute();
        await db.schema.createIndex('play_data_bounds_day').on('play_data_bounds').column('day').execute();
        // The purge reads votes and reports by age.
        await db.schema.createIndex('game_votes_updated').on('game_votes').column('updated_at').execute();
        await db.schema.createIndex('game_reports_created').on('game_reports').column('created_at').execute();
        // The network an account last proved itself from (a keyed hash): its own reset-mail allowance.
        await db.schema
          .createTable('owner_networks')
          .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('network', 'text', (col) => col.notNull())
          .addColumn('seen_at', 'text', (col) => col.notNull())
          .execute();
      },
      async down(db) {
        await db.schema.dropTable('owner_networks').execute();
        await db.schema.dropIndex('game_reports_created').execute();
        await db.schema.dropIndex('game_votes_updated').execute();
        await db.schema.dropTable('play_data_bounds').execute();
      },
    },
  };
}

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations(this.dialect));
  }
}

const migratorFor = (db: Kysely<Database>, dialect: DialectName) => new Migrator({ db, provider: new InCodeMigrations(dialect) });

/**
 * Brings the database to the newest version; throws (and the server does not start) on failure.
 * Kysely's Migrator holds a lock while it runs (an advisory lock on PostgreSQL, its lock table
 * on SQLite), so two instances or two `npm run migrate` never apply one migration twice.
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const { error, results } = await migratorFor(db, dialect).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this build knows, split into those the database has applied and those pending, in order. */
export async function migrationState(
  db: Kysely<Database>,
  dialect: DialectName,
): Promise<{ applied: string[]; pending: string[] }> {
  const known = await migratorFor(db, dialect).getMigrations();
  return {
    applied: known.filter((migration) => migration.executedAt !== undefined).map((migration) => migration.name),
    pending: known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name),
  };
}

/** The migrations this build knows and the database has not applied yet, in order. */
export async function pendingMigrations(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  return (await migrationState(db, dialect)).pending;
}

/**
 * Proves that the database accepts and commits a write, leaving nothing behind: one transaction
 * inserts a throw-away user row and deletes it again. A read-only file or replica, a full disk or
 * a lost connection makes it throw. Used by /health, and by the handlers that would otherwise
 * write only for real accounts, so unknown addresses do the same work and fail the same way.
 */
export async function proveWrite(db: Kysely<Database>): Promise<void> {
  const marker = `__write_check__${randomUUID()}`;
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        username: marker,
        username_key: marker,
        email: marker,
        password_hash: '!',
        email_verified: 0,
        token_version: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('users').where('id', '=', row.id).execute();
  });
}
