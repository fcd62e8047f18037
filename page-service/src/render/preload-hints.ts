// Preload hints for the remotes a page mounts: each remote's manifest, and when its manifest is
// at hand, its remoteEntry.js and the exposed module's own chunks, so the browser fetches them
// in parallel with the shell instead of one after another. A remote that is down or slow only
// loses its hints.
// Every hint asks for low priority: the first paint needs none of these files (the HTML carries
// the page's frame and its styles), so they must not compete with it (decision 0031).
// The shell's document renderer draws them (shell/src/prerender/render-document.tsx).
import sharedConfig from '../../../build-config/shared.js';
import type { PreloadHint } from '@portal/shared-contracts/fragments';
import type { RemoteFiles } from '../sources/remote-files';

const { SHELL_ON_DEMAND_SHARED } = sharedConfig as { SHELL_ON_DEMAND_SHARED: string[] };

const hint = (href: string | URL, as: PreloadHint['as'], crossOrigin?: 'anonymous'): PreloadHint =>
  crossOrigin ? { href: String(href), as, crossOrigin } : { href: String(href), as };

interface AssetList {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}

/** The parts of mf-manifest.json the hints read. */
export interface FederationManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name: string; path?: string } };
  exposes?: { name: string; assets?: AssetList }[];
  shared?: { name: string; assets?: AssetList }[];
}

function assetBase(manifestUrl: string, manifest: FederationManifest): URL {
  const publicPath = manifest.metaData?.publicPath;
  return new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl);
}

/**
 * @param moduleIds the remote modules the page mounts ("mf_catalog/HomePage", …)
 * @param remotes manifest URL per remote name (the runtime config's)
 * @returns the hints, in the order the browser should see them
 */
export async function preloadHints(
  files: RemoteFiles,
  moduleIds: readonly string[],
  remotes: Record<string, string>,
): Promise<PreloadHint[]> {
  const byRemote = new Map<string, string[]>();
  for (const id of moduleIds) {
    const [remote = '', expose = ''] = id.split('/');
    if (!remotes[remote]) continue;
    byRemote.set(remote, [...(byRemote.get(remote) ?? []), expose]);
  }
  const perRemote = await Promise.all(
    [...byRemote].map(async ([remote, exposes]) => {
      const manifestUrl = remotes[remote] ?? '';
      const tags = [hint(manifestUrl, 'fetch', 'anonymous')];
      if (!URL.canParse(manifestUrl)) return tags;
      const manifest = (await files.get(manifestUrl)) as FederationManifest | null;
      const entry = manifest?.metaData?.remoteEntry;
      if (!manifest || !entry) return tags;
      const base = assetBase(manifestUrl, manifest);
      tags.push(hint(new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, base), 'script'));
      for (const expose of manifest.exposes ?? []) {
        if (!exposes.includes(expose.name)) continue;
        for (const file of expose.assets?.css?.sync ?? []) tags.push(hint(new URL(file, base), 'style'));
        for (const file of expose.assets?.js?.sync ?? []) tags.push(hint(new URL(file, base), 'script'));
      }
      return tags;
    }),
  );
  return perRemote.flat();
}

/**
 * The shell's start-up shared singletons: react, react-dom and the router in the `vendors` chunk,
 * and shared-contracts, which the shell provides to the remotes too. Its entry only asks for them
 * once it runs, so without a hint they would cost one more round trip after main.js. Shared
 * packages the shell loads on demand (react-toastify) get no hint.
 */
export function sharedChunkHints(shellManifest: FederationManifest | null): PreloadHint[] {
  const publicPath = shellManifest?.metaData?.publicPath ?? '/';
  const files = new Set(
    (shellManifest?.shared ?? [])
      .filter((shared) => !SHELL_ON_DEMAND_SHARED.includes(shared.name))
      .flatMap((shared) => shared.assets?.js?.sync ?? []),
  );
  return [...files].map((file) => hint(publicPath + file, 'script'));
}
