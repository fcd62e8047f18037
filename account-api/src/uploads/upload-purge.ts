import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PurgeTask } from '../maintenance/purge-job';
import { UPLOAD_NAME, type UploadStore } from './upload-store';

/** Rows or files handled per statement: bounded work per purge run. */
const BATCH = 500;
/**
 * Kept past the unsaved window before the purge touches an upload: save_picture refuses one at
 * the window's end, and this margin keeps a save in flight from racing the delete.
 */
const SAFETY_MARGIN_MS = 10 * 60 * 1000;

/** No account shows this upload as its picture. */
const notAPicture = (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.picture_url', '=', 'uploads.name')));

/**
 * Uploads no account shows as its picture, older than the unsaved window: the row, then the
 * file. Each delete re-checks that no account took the picture meanwhile.
 */
export function unsavedUploadsTask(db: Kysely<Database>, store: UploadStore, unsavedMs: number, now: () => Date): PurgeTask {
  return {
    name: 'unsaved_uploads',
    async run() {
      const before = new Date(now().getTime() - unsavedMs - SAFETY_MARGIN_MS).toISOString();
      let deleted = 0;
      for (;;) {
        const rows = await db
          .deleteFrom('uploads')
          .where('name', 'in', (eb) =>
            eb.selectFrom('uploads').select('name').where('created_at', '<', before).where(notAPicture).limit(BATCH),
          )
          .where(notAPicture)
          .returning('name')
          .execute();
        for (const { name } of rows) await store.removeFile(name);
        deleted += rows.length;
        if (rows.length < BATCH) return deleted;
      }
    },
  };
}

/**
 * Stored pictures (files or objects) with no row (their account was deleted, or an older release
 * left them after a failed write) and empty ones, once older than `graceMs`: the bytes of an
 * upload in flight are at most seconds old.
 */
export function orphanFilesTask(db: Kysely<Database>, store: UploadStore, graceMs: number, now: () => Date): PurgeTask {
  return {
    name: 'orphan_upload_files',
    async run() {
      const before = now().getTime() - graceMs - SAFETY_MARGIN_MS;
      let deleted = 0;
      for await (const page of store.storage.list()) {
        const old = page.filter((picture) => UPLOAD_NAME.test(picture.name) && picture.modified.getTime() < before);
        for (let start = 0; start < old.length; start += BATCH) {
          const batch = old.slice(start, start + BATCH);
          const rows = await db
            .selectFrom('uploads')
            .select('name')
            .where(
              'name',
              'in',
              batch.map((picture) => picture.name),
            )
            .execute();
          const known = new Set(rows.map((row) => row.name));
          for (const picture of batch) {
            if (known.has(picture.name) && picture.size > 0) continue;
            await store.removeFile(picture.name);
            deleted += 1;
          }
        }
      }
      return deleted;
    },
  };
}
