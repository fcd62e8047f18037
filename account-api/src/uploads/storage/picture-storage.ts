import type { Readable } from 'node:stream';

/** One stored picture, as a listing sees it. */
export interface StoredPicture {
  name: string;
  size: number;
  modified: Date;
}

/** A picture's bytes on their way to a client. */
export interface PictureBody {
  body: Readable;
  size: number;
  contentType: string;
  etag: string | null;
}

/**
 * Where the pictures' bytes live, by their stored name. The database (UploadStore) decides which
 * names exist and who owns them; a driver only keeps bytes.
 */
export interface PictureStore {
  /** Made ready at start-up (folder created, bucket reachable): a wrong setting stops the start, not the first upload. */
  prepare(): Promise<void>;
  /** Bytes that may still be written, or null when the storage has no disk of ours to fill. */
  freeBytes(): Promise<number | null>;
  /** Writes a new picture; a failure leaves nothing readable under `name`. */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The picture, or null when there is none of that name. */
  get(name: string): Promise<PictureBody | null>;
  /** Deletes a picture; one that is already gone is fine. */
  remove(name: string): Promise<void>;
  /** Every stored picture, a page at a time. */
  list(): AsyncIterable<StoredPicture[]>;
}

/** The filesystem driver: fastify-static serves its folder (ranges, ETag, 304) as it always did. */
export interface FsPictureStore extends PictureStore {
  readonly kind: 'fs';
  readonly dir: string;
}

export interface S3PictureStore extends PictureStore {
  readonly kind: 's3';
}

export type PictureStorage = FsPictureStore | S3PictureStore;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** A stored name's type, from the extension its detected type gave it. */
export const contentTypeOf = (name: string): string =>
  CONTENT_TYPES[/\.([a-z]+)$/.exec(name)?.[1] ?? ''] ?? 'application/octet-stream';

export { StorageUnavailableError } from '../../storage/s3-client';
