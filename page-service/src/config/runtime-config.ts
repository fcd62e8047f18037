// The runtime config the site's pages carry and /config.json answers: the deployed config.json,
// then the operator's overrides (environment variables), then the release pointers
// (RELEASES_DIR/current.json, written by scripts/release.mjs). Read by ConfigSource, which
// notices an edited file or a new pointer within a second, with no restart.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RuntimeConfig } from '@portal/shared-contracts';
import { liveRemotes, NO_POINTERS, parsePointerState, type PointerState } from '../builds/pointer-state';

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
 * The overrides the environment sets: `<REMOTE>_URL` for each remote the config names
 * (MF_CATALOG_URL…), ACCOUNT_API_URL, RECAPTCHA_SITE_KEY.
 */
export function configOverridesFromEnv(remoteNames: readonly string[], env: NodeJS.ProcessEnv = process.env): ConfigOverrides {
  const remotes: Record<string, string> = {};
  for (const name of remoteNames) {
    const url = env[urlEnvOf(name)];
    if (url) remotes[name] = url;
  }
  const overrides: ConfigOverrides = {};
  if (Object.keys(remotes).length) overrides.remotes = remotes;
  if (env.ACCOUNT_API_URL) overrides.accountApiUrl = env.ACCOUNT_API_URL;
  if (env.RECAPTCHA_SITE_KEY) overrides.recaptchaSiteKey = env.RECAPTCHA_SITE_KEY;
  if (env.TELEMETRY_TEST_SWITCH === '1') overrides.telemetry = { testSwitch: true };
  return overrides;
}

export interface ConfigFiles {
  /** The deployed config.json (shell/dist/config.json, or /srv/portal/config.json behind nginx). */
  configFile: string;
  /** Set by whoever starts the service (npm start: the ports it chose). */
  overrides?: ConfigOverrides;
  /** Read the `<REMOTE>_URL`, ACCOUNT_API_URL and RECAPTCHA_SITE_KEY variables from here too. */
  env?: NodeJS.ProcessEnv;
  releasesDir?: string | undefined;
}

/**
 * The merged config, read afresh (the pointers too, unless given, as read with the same look).
 * Throws when config.json cannot be read or parsed.
 */
export async function readRuntimeConfig(
  { configFile, overrides = {}, env = {}, releasesDir }: ConfigFiles,
  pointers?: PointerState,
): Promise<RuntimeConfig> {
  const base = await readJson(configFile);
  if (!isRecord(base)) throw new Error(`${path.basename(configFile)} is not a JSON object`);
  const released = liveRemotes(pointers ?? (await readPointers(releasesDir)));
  const baseRemotes = isRecord(base.remotes) ? (base.remotes as Record<string, string>) : {};
  const fromEnv = configOverridesFromEnv(Object.keys(baseRemotes), env);
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
