import { readFileSync, statSync } from 'node:fs';

/**
 * Reads a file again only when it changed (the servers serve rebuilt folders without restart).
 * A missing or unparsable file gives the fallback.
 * @template T
 * @param {string} file
 * @param {(text: string) => T} parse
 * @param {T} fallback
 * @returns {() => T}
 */
export function cachedByMtime(file, parse, fallback) {
  let cache = { mtimeMs: -1, value: fallback };
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (mtimeMs !== cache.mtimeMs) cache = { mtimeMs, value: parse(readFileSync(file, 'utf8')) };
    } catch {
      cache = { mtimeMs: -1, value: fallback };
    }
    return cache.value;
  };
}
