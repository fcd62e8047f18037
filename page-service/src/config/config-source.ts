// The runtime config as pages see it, re-read only when a file it comes from changed: each
// request costs two stat() calls (a few microseconds), so an edited config.json or a new release
// pointer reaches the very next page, with no restart. A file caught half-written keeps the last
// good config (and says so), instead of failing pages.
import { statSync } from 'node:fs';
import type { RuntimeConfig } from '@portal/shared-contracts';
import type { PointerSource } from '../builds/pointer-poller';
import type { PointerState } from '../builds/pointer-state';
import { pointerFile, readPointers, readRuntimeConfig, type ConfigFiles } from './runtime-config';

export interface VersionedConfig {
  /** Everyone's config: the live releases. */
  config: RuntimeConfig;
  /** The release pointers it was made with, canaries included (per-visitor selection reads them). */
  pointers: PointerState;
  /** Moves whenever the merged config's or the pointers' content changes (part of the render cache's key). */
  version: number;
}

/**
 * What tells one version of a file from the next: its inode (release.mjs renames a new file into
 * place), size and mtime. The mtime alone misses a second change within the file system's clock
 * tick (a few ms on Linux), and a missed change would stay missed until the next one.
 */
const stampOf = (file: string): string => {
  try {
    const { ino, size, mtimeMs } = statSync(file);
    return `${ino}:${size}:${mtimeMs}`;
  } catch {
    return '-';
  }
};

export class ConfigSource {
  private last: (VersionedConfig & { text: string }) | null = null;
  private stamp = '';
  private pending: { stamp: string; read: Promise<VersionedConfig> } | null = null;

  /** `pointers`: the release service's poller (RELEASE_API_URL), in place of RELEASES_DIR's file. */
  constructor(
    private readonly files: ConfigFiles,
    private readonly onError: (error: Error) => void = () => undefined,
    private readonly pointers: PointerSource | null = null,
  ) {}

  /** The current config; throws only when no good config was ever read. */
  current(): Promise<VersionedConfig> {
    const { configFile, releasesDir } = this.files;
    const pointerStamp = this.pointers ? this.pointers.stamp() : releasesDir ? stampOf(pointerFile(releasesDir)) : '-';
    const stamp = `${stampOf(configFile)},${pointerStamp}`;
    if (this.last && stamp === this.stamp) return Promise.resolve(this.last);
    if (this.pending?.stamp !== stamp) {
      const read = this.read(stamp).finally(() => {
        if (this.pending?.read === read) this.pending = null;
      });
      this.pending = { stamp, read };
    }
    return this.pending.read;
  }

  private async read(stamp: string): Promise<VersionedConfig> {
    try {
      const pointers = this.pointers ? this.pointers.current() : await readPointers(this.files.releasesDir);
      const config = await readRuntimeConfig(this.files, pointers);
      const text = JSON.stringify([config, pointers.remotes]);
      this.stamp = stamp;
      if (text !== this.last?.text) this.last = { config, pointers, text, version: (this.last?.version ?? 0) + 1 };
      return this.last;
    } catch (error) {
      if (!this.last) throw error;
      if (stamp !== this.stamp) this.onError(error as Error);
      this.stamp = stamp;
      return this.last;
    }
  }
}
