import fs from 'node:fs/promises';

/** Bytes an unprivileged process may still write on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await fs.statfs(dir);
  // bavail, not bfree: the blocks reserved for root are not ours to fill.
  return stats.bavail * stats.bsize;
}
