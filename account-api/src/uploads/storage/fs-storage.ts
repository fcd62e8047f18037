import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freeBytes } from '../free-space';
import { contentTypeOf, type FsPictureStore, type PictureBody, type StoredPicture } from './picture-storage';

const PAGE = 500;

/** Pictures as files in one folder (DATA_DIR/uploads): the embedded default, one host's disk. */
export function fsPictureStore(dir: string): FsPictureStore {
  const file = (name: string) => path.join(dir, path.basename(name));
  return {
    kind: 'fs',
    dir,
    async prepare() {
      // Pictures are served by this process only: no other local user needs to read them.
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.chmod(dir, 0o700);
    },
    freeBytes: () => freeBytes(dir),
    async put(name, data) {
      try {
        await fs.writeFile(file(name), data, { flag: 'wx', mode: 0o600 });
      } catch (error) {
        // A full disk leaves an empty or partial file behind: it must not stay.
        await fs.rm(file(name), { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async get(name): Promise<PictureBody | null> {
      const stats = await fs.stat(file(name)).catch(() => null);
      if (!stats?.isFile()) return null;
      return {
        body: createReadStream(file(name)),
        size: stats.size,
        contentType: contentTypeOf(name),
        etag: null,
      };
    },
    async remove(name) {
      await fs.rm(file(name), { force: true });
    },
    async *list(): AsyncIterable<StoredPicture[]> {
      // No folder yet: nothing was ever uploaded here.
      const names = await fs.readdir(dir).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === 'ENOENT') return [];
        throw error;
      });
      for (let start = 0; start < names.length; start += PAGE) {
        const page: StoredPicture[] = [];
        for (const name of names.slice(start, start + PAGE)) {
          const stats = await fs.stat(path.join(dir, name)).catch(() => null);
          if (stats?.isFile()) page.push({ name, size: stats.size, modified: stats.mtime });
        }
        yield page;
      }
    },
  };
}
