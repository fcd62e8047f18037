import { parseRuntimeConfig, type RuntimeConfig } from 'shared-contracts';

/** Fetches and validates /config.json: remote URLs are run-time data, not build input. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
