import { readFileSync, statSync } from 'node:fs';

/** A file's parsed content and the modification time it was read at (-1: missing or unparsable). */
export interface CachedFile<T> {
  value: T;
  mtimeMs: number;
}

/**
 * Reads a file again only when it changed (a rebuilt dist is served without a restart).
 * A missing or unparsable file gives the fallback.
 */
export function cachedByMtime<T>(file: string, parse: (text: string) => T, fallback: T): () => CachedFile<T> {
  let cache: CachedFile<T> = { mtimeMs: -1, value: fallback };
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (mtimeMs !== cache.mtimeMs) cache = { mtimeMs, value: parse(readFileSync(file, 'utf8')) };
    } catch {
      cache = { mtimeMs: -1, value: fallback };
    }
    return cache;
  };
}
