// The runtime config the shell's server answers at /config.json, read afresh on every request:
// the built config.json, then the start-up overrides (ports, MF_*_URL, ACCOUNT_API_URL…), then
// the release pointers (RELEASES_DIR/current.json, written by scripts/release.mjs). An edited
// file or a new pointer takes effect on the next page load, with no restart.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The release pointer file of a releases folder. */
export const pointerFile = (releasesDir) => path.join(releasesDir, 'current.json');

async function readJson(file, fallback) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT' && fallback !== undefined) return fallback;
    throw new Error(`${path.basename(file)} unreadable: ${error.message}`);
  }
}

/** Manifest URL each remote's current release points at: { mf_catalog: url, … }. */
export async function releasedRemotes(releasesDir) {
  if (!releasesDir) return {};
  const pointers = await readJson(pointerFile(releasesDir), {});
  return Object.fromEntries(Object.entries(pointers.remotes ?? {}).map(([name, release]) => [name, release.url]));
}

/**
 * @param {{ root: string, overrides?: { remotes?: Record<string, string> } & Record<string, unknown>, releasesDir?: string }} options
 */
export async function readRuntimeConfig({ root, overrides = {}, releasesDir }) {
  const base = await readJson(path.join(root, 'config.json'));
  const released = await releasedRemotes(releasesDir);
  return { ...base, ...overrides, remotes: { ...base.remotes, ...(overrides.remotes ?? {}), ...released } };
}
