import { parseRuntimeConfig, type RuntimeConfig } from '@portal/shared-contracts';

/** Id of the JSON data element the site's server writes the runtime config into. */
export const INLINE_CONFIG_ID = 'runtime-config';

/**
 * The runtime config: the copy the server inlined into the page (a non-executable
 * `<script type="application/json">`, one round trip less), else /config.json fetched and
 * validated. Remote URLs are run-time data, not build input, either way.
 */
export async function loadRuntimeConfig(url = '/config.json', doc: Document = document): Promise<RuntimeConfig> {
  const inlined = doc.getElementById(INLINE_CONFIG_ID);
  if (inlined?.textContent) {
    try {
      return parseRuntimeConfig(JSON.parse(inlined.textContent));
    } catch (error) {
      console.error('[shell] the inlined runtime config is unusable; fetching it', error);
    }
  }
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
