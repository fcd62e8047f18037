// Preload hints for the remotes a page mounts: each remote's manifest, and when its manifest is
// at hand, its remoteEntry.js and the exposed module's own chunks, so the browser fetches them
// in parallel with the shell instead of one after another. The manifests are fetched by this
// server and kept for a few seconds (remote-json.mjs); a remote that is down or slow only loses its hints.
// Every hint asks for low priority: the first paint needs none of these files (the HTML carries
// the page's frame and its styles), so they must not compete with it (decision 0031).

import sharedConfig from '../../build-config/shared.js';
import { remoteJson } from './remote-json.mjs';

const { SHELL_ON_DEMAND_SHARED } = sharedConfig;
const escapeAttr = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** One hint, always at low priority (see the top of this file). */
const hintTag = (href, as, attributes = '') =>
  `<link rel="preload" href="${escapeAttr(href)}" as="${as}"${attributes} fetchpriority="low">`;

function assetBase(manifestUrl, manifest) {
  const publicPath = manifest.metaData?.publicPath;
  return new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl);
}

/**
 * @param {string[]} moduleIds the remote modules the page mounts ("mf_catalog/HomePage", …)
 * @param {Record<string, string>} remotes manifest URL per remote name (the runtime config's)
 * @returns {Promise<string>} <link> tags
 */
export async function preloadHints(moduleIds, remotes) {
  const byRemote = new Map();
  for (const id of moduleIds) {
    const [remote, expose] = id.split('/');
    if (!remotes[remote]) continue;
    byRemote.set(remote, [...(byRemote.get(remote) ?? []), expose]);
  }
  const tags = [];
  await Promise.all(
    [...byRemote].map(async ([remote, exposes]) => {
      const manifestUrl = remotes[remote];
      tags.push(hintTag(manifestUrl, 'fetch', ' crossorigin="anonymous"'));
      const manifest = await remoteJson(manifestUrl);
      if (!manifest?.metaData?.remoteEntry) return;
      const base = assetBase(manifestUrl, manifest);
      const { name, path: entryPath } = manifest.metaData.remoteEntry;
      const entryUrl = new URL(`${entryPath ? `${entryPath}/` : ''}${name}`, base);
      tags.push(hintTag(entryUrl, 'script'));
      for (const expose of manifest.exposes ?? []) {
        if (!exposes.includes(expose.name)) continue;
        for (const file of expose.assets?.css?.sync ?? []) tags.push(hintTag(new URL(file, base), 'style'));
        for (const file of expose.assets?.js?.sync ?? []) tags.push(hintTag(new URL(file, base), 'script'));
      }
    }),
  );
  return tags.join('');
}

/**
 * The shell's start-up shared singletons: react, react-dom and the router in the `vendors` chunk,
 * and shared-contracts, which the shell provides to the remotes too. Its entry only asks for them
 * once it runs, so without a hint they would cost one more round trip after main.js. Shared
 * packages the shell loads on demand (react-toastify) get no hint.
 * @param {{ shared?: { name: string, assets?: { js?: { sync?: string[] } } }[], metaData?: { publicPath?: string } } | null} shellManifest
 */
export function sharedChunkHints(shellManifest) {
  const publicPath = shellManifest?.metaData?.publicPath ?? '/';
  const files = new Set(
    (shellManifest?.shared ?? [])
      .filter((shared) => !SHELL_ON_DEMAND_SHARED.includes(shared.name))
      .flatMap((shared) => shared.assets?.js?.sync ?? []),
  );
  return [...files].map((file) => hintTag(publicPath + file, 'script')).join('');
}
