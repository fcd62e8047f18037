import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { UploadSettings } from '../config';
import type { Database, UserRow } from '../db/schema';
import { HttpError, isDiskFull } from '../http/errors';
import type { ImageType } from './image-type';
import type { PictureStorage } from './storage/picture-storage';

/** Stored names are random: 128 bits of hex and the detected extension. */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export function formatSize(bytes: number): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  return bytes >= 1024 * 1024 ? `${round(bytes / (1024 * 1024))} MB` : `${round(bytes / 1024)} KB`;
}

export function formatMinutes(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 507 Insufficient Storage: the request was fine, there is no room to keep what it sends. */
export const LOW_DISK_SPACE =
  'Pictures cannot be uploaded right now: the server is low on storage space. Please try again later.';

export const quotaExceeded = (settings: UploadSettings): string =>
  `Your pictures already use your ${formatSize(settings.quotaBytes)} of storage. ` +
  `Pictures you upload but do not choose are deleted after ${formatMinutes(settings.unsavedMs)}: please try again then.`;

/**
 * The uploaded pictures: a row per picture (owner, size) and its bytes in the storage (a file or
 * an object). The row is written first and the bytes second, and a failure removes both, so no
 * picture is ever left without a row.
 */
export class UploadStore {
  constructor(
    private readonly db: Kysely<Database>,
    readonly storage: PictureStorage,
    private readonly settings: UploadSettings,
    private readonly now: () => Date,
  ) {}

  /** Bytes the account keeps: its picture and the uploads it has not saved (yet). */
  async usage(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** Keeps a picture: 507 below the free-space floor or over the account's quota. Answers its name. */
  async save(userId: number, data: Buffer, type: ImageType): Promise<string> {
    const free = await this.storage.freeBytes();
    if (free !== null && free - data.length < this.settings.minFreeBytes) throw new HttpError(507, LOW_DISK_SPACE);
    const name = `${randomBytes(16).toString('hex')}.${type.extension}`;
    // Counted before it is checked, each in its own statement: parallel uploads each see the
    // others' rows, so together they can only fall short of the quota, never pass it.
    await this.db
      .insertInto('uploads')
      .values({ name, user_id: userId, content_type: type.contentType, size: data.length, created_at: this.now().toISOString() })
      .execute();
    if ((await this.usage(userId)) > this.settings.quotaBytes) {
      await this.forgetRow(name);
      throw new HttpError(507, quotaExceeded(this.settings));
    }
    try {
      await this.storage.put(name, data, type.contentType);
    } catch (error) {
      await this.forgetRow(name);
      throw isDiskFull(error) ? new HttpError(507, LOW_DISK_SPACE) : error;
    }
    return name;
  }

  /**
   * The caller's upload of that name, if it may become their picture: their current one, or one
   * uploaded within the unsaved window (after it, the purge may already be deleting it).
   */
  async findSavable(user: Pick<UserRow, 'id' | 'picture_url'>, name: string): Promise<string | null> {
    const since = new Date(this.now().getTime() - this.settings.unsavedMs).toISOString();
    const row = await this.db
      .selectFrom('uploads')
      .select('name')
      .where('name', '=', name)
      .where('user_id', '=', user.id)
      .$if(name !== user.picture_url, (query) => query.where('created_at', '>', since))
      .executeTakeFirst();
    return row?.name ?? null;
  }

  /** Makes `name` the account's picture; the picture it replaces is deleted, row and file. */
  async setPicture(userId: number, name: string): Promise<UserRow> {
    const { updated, replaced } = await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').select('picture_url').where('id', '=', userId).executeTakeFirstOrThrow();
      const row = await trx
        .updateTable('users')
        .set({ picture_url: name, updated_at: this.now().toISOString() })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      const old = before.picture_url !== null && before.picture_url !== name ? before.picture_url : null;
      if (old) await trx.deleteFrom('uploads').where('name', '=', old).where('user_id', '=', userId).execute();
      return { updated: row, replaced: old };
    });
    // After the commit: a picture that cannot be removed now is an orphan the purge removes later.
    if (replaced && UPLOAD_NAME.test(replaced)) await this.removeFile(replaced);
    return updated;
  }

  /** Deletes a picture's bytes; one that is already gone is fine, one that cannot go now the purge retries. */
  async removeFile(name: string): Promise<void> {
    await this.storage.remove(name).catch(() => undefined);
  }

  /** Best effort: a row left behind (the database full too) is an unsaved upload the purge deletes. */
  private async forgetRow(name: string): Promise<void> {
    await this.db
      .deleteFrom('uploads')
      .where('name', '=', name)
      .execute()
      .catch(() => undefined);
  }
}
