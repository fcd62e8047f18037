// The release pointers as the page service reads them (RELEASES_DIR/current.json, written only by
// scripts/release.mjs under its lock, decisions 0040 and 0046). Parsed defensively: a field of the
// wrong shape is left out, never trusted, so a hand edit cannot send visitors to a non-URL.

/** A release running beside the live one for a share of visitors. */
export interface CanaryPointer {
  version: string;
  /** The canary release's manifest URL. */
  url: string;
  /** Percentage of visitors drawn into it, above 0 and below 100. */
  share: number;
  /** New at every canary start: a visitor's cohort is drawn once per id. */
  id: string;
  since: string | null;
}

export interface RemotePointer {
  /** The live release (everyone who is not steered elsewhere), or null before the first point. */
  version: string | null;
  url: string | null;
  canary: CanaryPointer | null;
  /** Ids of preview override tokens for this remote revoked before they expire. */
  revokedOverrides: readonly string[];
}

export interface PointerState {
  version: number;
  remotes: Readonly<Record<string, RemotePointer>>;
}

export const NO_POINTERS: PointerState = { version: 0, remotes: {} };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//.test(value) && URL.canParse(value);
/** Canary and override ids go into cookies and cache keys: short, plain characters only. */
const PLAIN_ID = /^[A-Za-z0-9]{1,32}$/;

function canaryOf(value: unknown): CanaryPointer | null {
  if (!isRecord(value)) return null;
  const { version, url, share, id, since } = value;
  if (!text(version) || !isHttpUrl(url) || typeof id !== 'string' || !PLAIN_ID.test(id)) return null;
  if (typeof share !== 'number' || !(share > 0 && share < 100)) return null;
  return { version: version as string, url, share, id, since: text(since) };
}

const revokedIds = (value: unknown): string[] =>
  isRecord(value) && !Array.isArray(value) ? Object.keys(value).filter((id) => PLAIN_ID.test(id)) : [];

/** current.json's content (already parsed JSON) as a PointerState. */
export function parsePointerState(json: unknown): PointerState {
  if (!isRecord(json)) return NO_POINTERS;
  const remotes: Record<string, RemotePointer> = {};
  for (const [name, pointer] of Object.entries(isRecord(json.remotes) ? json.remotes : {})) {
    if (!isRecord(pointer)) continue;
    remotes[name] = {
      version: text(pointer.version),
      url: typeof pointer.url === 'string' ? pointer.url : null,
      canary: canaryOf(pointer.canary),
      revokedOverrides: revokedIds(pointer.revokedOverrides),
    };
  }
  return { version: Number.isInteger(json.version) ? (json.version as number) : 0, remotes };
}

/** Manifest URL of each remote's live release: { mf_catalog: url, … }. */
export function liveRemotes(pointers: PointerState): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [name, release] of Object.entries(pointers.remotes)) if (release.url !== null) urls[name] = release.url;
  return urls;
}
