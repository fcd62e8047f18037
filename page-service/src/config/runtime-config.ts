// The runtime config the site's pages carry and /config.json answers: the deployed config.json,
// then the operator's overrides (environment variables), then the release pointers
// (RELEASES_DIR/current.json, written by scripts/release.mjs). Read by ConfigSource, which
// notices an edited file or a new pointer within a second, with no restart.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RuntimeConfig } from '@portal/shared-contracts';
import { liveRemotes, NO_POINTERS, parsePointerState, type PointerState } from '../builds/pointer-state';
import type { PageServiceSettings } from './page-settings';

/** Fields an operator may set without editing the file. */
export interface ConfigOverrides {
  remotes?: Record<string, string>;
  accountApiUrl?: string;
  recaptchaSiteKey?: string;
  /** TELEMETRY_TEST_SWITCH=1 (test environments): the client telemetry's test switch on. */
  telemetry?: { testSwitch: true };
}

/** The release pointer file of a releases folder. */
export const pointerFile = (releasesDir: string): string => path.join(releasesDir, 'current.json');

async function readJson(file: string, fallback?: unknown): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && fallback !== undefined) return fallback;
    throw new Error(`${path.basename(file)} unreadable: ${(error as Error).message}`, { cause: error });
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The release pointers, canaries included (no releases folder or no file yet: none). */
export async function readPointers(releasesDir: string | undefined): Promise<PointerState> {
  return releasesDir ? parsePointerState(await readJson(pointerFile(releasesDir), {})) : NO_POINTERS;
}

/** `mf_catalog` → `MF_CATALOG_URL` (the same rule as build-config/parts.js). */
export const urlEnvOf = (remote: string): string => `${remote.toUpperCase()}_URL`;

/**
 * The settings (as read, config/page-settings.ts) that override the config: ACCOUNT_API_URL,
 * RECAPTCHA_SITE_KEY, TELEMETRY_TEST_SWITCH and `<REMOTE>_URL` of each remote (the schema
 * declares one per remote of parts.json; a test checks it).
 */
export type ConfigSettings = Pick<PageServiceSettings, 'ACCOUNT_API_URL' | 'RECAPTCHA_SITE_KEY' | 'TELEMETRY_TEST_SWITCH'> & {
  readonly [name: string]: unknown;
};

/** The overrides the settings set: `<REMOTE>_URL` for each remote the config names (MF_CATALOG_URL…), and the rest. */
export function configOverridesFrom(settings: ConfigSettings, remoteNames: readonly string[]): ConfigOverrides {
  const remotes: Record<string, string> = {};
  for (const name of remoteNames) {
    const url = settings[urlEnvOf(name)];
    if (typeof url === 'string') remotes[name] = url;
  }
  const overrides: ConfigOverrides = {};
  if (Object.keys(remotes).length) overrides.remotes = remotes;
  if (settings.ACCOUNT_API_URL) overrides.accountApiUrl = settings.ACCOUNT_API_URL;
  if (settings.RECAPTCHA_SITE_KEY) overrides.recaptchaSiteKey = settings.RECAPTCHA_SITE_KEY;
  if (settings.TELEMETRY_TEST_SWITCH) overrides.telemetry = { testSwitch: true };
  return overrides;
}

export interface ConfigFiles {
  /** The deployed config.json (shell/dist/config.json, or /srv/portal/config.json behind nginx). */
  configFile: string;
  /** Set by whoever starts the service (npm start: the ports it chose). */
  overrides?: ConfigOverrides;
  /** The settings that override the file (configOverridesFrom); absent: none. */
  settings?: ConfigSettings;
  releasesDir?: string | undefined;
}

/**
 * The merged config, read afresh (the pointers too, unless given, as read with the same look).
 * Throws when config.json cannot be read or parsed.
 */
export async function readRuntimeConfig(
  { configFile, overrides = {}, settings, releasesDir }: ConfigFiles,
  pointers?: PointerState,
): Promise<RuntimeConfig> {
  const base = await readJson(configFile);
  if (!isRecord(base)) throw new Error(`${path.basename(configFile)} is not a JSON object`);
  const released = liveRemotes(pointers ?? (await readPointers(releasesDir)));
  const baseRemotes = isRecord(base.remotes) ? (base.remotes as Record<string, string>) : {};
  const fromEnv = settings ? configOverridesFrom(settings, Object.keys(baseRemotes)) : {};
  return {
    ...base,
    ...fromEnv,
    ...overrides,
    remotes: { ...baseRemotes, ...(fromEnv.remotes ?? {}), ...(overrides.remotes ?? {}), ...released },
    ...(fromEnv.telemetry || overrides.telemetry
      ? { telemetry: { ...(isRecord(base.telemetry) ? base.telemetry : {}), ...fromEnv.telemetry, ...overrides.telemetry } }
      : {}),
  } as RuntimeConfig;
}
