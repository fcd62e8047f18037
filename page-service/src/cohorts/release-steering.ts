// The canaries running now, read from the release pointers (RELEASES_DIR/current.json, written by
// scripts/release.mjs) beside the live releases that runtime-config.ts reads. A malformed entry
// is left out: a bad pointer file never takes pages down.
import { readFile } from 'node:fs/promises';
import { pointerFile } from '../config/runtime-config';

export interface Canary {
  /** The remote's container name (mf_catalog). */
  remote: string;
  /** The release's name (v42) and its manifest URL. */
  version: string;
  url: string;
  /** Percentage of visitors, above 0 and below 100. */
  share: number;
  /** Drawn afresh for each canary, so its cohort is not the last canary's. */
  id: string;
}

export interface ReleaseSteering {
  canaries: Canary[];
}

export const NO_STEERING: ReleaseSteering = { canaries: [] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function steeringOf(pointers: unknown): ReleaseSteering {
  const remotes = isRecord(pointers) && isRecord(pointers.remotes) ? pointers.remotes : {};
  const canaries: Canary[] = [];
  for (const [remote, state] of Object.entries(remotes)) {
    const canary = isRecord(state) ? state.canary : null;
    if (!isRecord(canary)) continue;
    const { version, url, share, id } = canary;
    if (typeof version !== 'string' || typeof url !== 'string' || !URL.canParse(url)) continue;
    if (typeof share !== 'number' || !(share > 0 && share < 100) || typeof id !== 'string') continue;
    canaries.push({ remote, version, url, share, id });
  }
  return { canaries: canaries.sort((a, b) => a.remote.localeCompare(b.remote)) };
}

/** The steering in a releases folder; none when there is no folder or no pointer file. */
export async function readReleaseSteering(releasesDir: string | undefined): Promise<ReleaseSteering> {
  if (!releasesDir) return NO_STEERING;
  let text: string;
  try {
    text = await readFile(pointerFile(releasesDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NO_STEERING;
    throw error;
  }
  return steeringOf(JSON.parse(text));
}
