import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';

type Undo = () => Promise<void>;

const FILLER = '__filler-';

const capAt = (db: Kysely<Database>, pages: number) => sql.raw(`pragma max_page_count = ${String(pages)}`).execute(db);

/** SQLite: caps the file at its current size and fills every free byte, as a full disk does. */
export async function fillSqliteFile(db: Kysely<Database>): Promise<Undo> {
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  await capAt(db, rows[0]?.page_count ?? 0);
  const insertUntilFull = async (insert: (filler: string, i: number) => Promise<unknown>) => {
    // Big rows first, then ever smaller ones, until none fits.
    for (const size of [3000, 1000, 300, 100, 30, 10, 1]) {
      const filler = 'x'.repeat(size);
      for (let i = 0; i < 2000; i += 1) {
        try {
          await insert(filler, i);
        } catch {
          break;
        }
      }
    }
  };
  await insertUntilFull((filler) =>
    sql`insert into mail_outbox (kind, recipient, subject, text_body, html_body, status, attempts, next_attempt_at, created_at) values ('verification', 'filler', ${filler}, ${filler}, ${filler}, 'sent', 0, '', '')`.execute(
      db,
    ),
  );
  // The free room left in the pages of the uploads table (its rows are small) goes too.
  const owner = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirst();
  if (owner) {
    await insertUntilFull((filler, i) =>
      db
        .insertInto('uploads')
        .values({
          name: `${FILLER}${String(filler.length)}-${String(i)}`,
          user_id: owner.id,
          content_type: filler,
          size: 0,
          created_at: '',
        })
        .execute(),
    );
  }
  return async () => {
    await capAt(db, 1_073_741_823);
    await db.deleteFrom('uploads').where('name', 'like', `${FILLER}%`).execute();
  };
}

/**
 * PostgreSQL: writes to `tables` fail with disk_full (53100), the error PostgreSQL raises when it
 * cannot extend a file. Use it only on a database of the test's own (createOwnDatabase).
 */
export async function refuseWritesAsDiskFull(db: Kysely<Database>, tables: readonly (keyof Database)[]): Promise<Undo> {
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`,
    )
    .execute(db);
  for (const table of tables) {
    await sql
      .raw(`CREATE TRIGGER test_disk_full BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION test_disk_full()`)
      .execute(db);
  }
  return async () => {
    for (const table of tables) await sql.raw(`DROP TRIGGER IF EXISTS test_disk_full ON ${table}`).execute(db);
  };
}

/** Whichever database the server runs on: the SQLite file full, or PostgreSQL refusing writes to `tables`. */
export function fillDatabase(database: DatabaseHandle, tables: readonly (keyof Database)[]): Promise<Undo> {
  return database.dialect === 'sqlite' ? fillSqliteFile(database.db) : refuseWritesAsDiskFull(database.db, tables);
}
