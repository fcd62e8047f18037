import { loadRemote, registerGlobalPlugins, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import {
  REMOTE_NAMES,
  remoteOf,
  type RemoteModule,
  type RemoteModuleId,
  type RemoteName,
  type RuntimeConfig,
} from '@portal/shared-contracts';
import { noteRemoteBuild, reportRemoteError } from '../telemetry/client-telemetry';
import { toastDemandPlugin } from '../toasts/toast-demand';
import { announceRecovery } from './recovery';

let manifestUrls: Record<RemoteName, string> | undefined;

/** Remotes whose last load failed: the next load of each re-registers it, once. */
const failed = new Set<RemoteName>();
/** Build version (mf-manifest.json metaData.buildInfo.buildVersion) of each remote the runtime loaded. */
const loadedBuilds = new Map<RemoteName, string>();
/** How many mounted components of each remote are live on the page. */
const liveMounts = new Map<RemoteName, number>();
/**
 * How many times each remote's container was replaced. A load begun on a container another load
 * has since replaced (a prefetch and the page it prefetched, both hit by the same redeploy) fails
 * for the old build: it is tried again on the new container, not reported as an outage.
 */
const generations = new Map<RemoteName, number>();

/** Each exposed module this tab has loaded, from its remote's current container. */
const loadedModules = new Map<RemoteModuleId, RemoteModule<RemoteModuleId>>();

/**
 * The module, when this tab has loaded it already (a prefetch, an earlier visit to its page): a
 * mount can draw it in its first render, with no placeholder and no wait for a promise.
 */
export function loadedRemoteModule<Id extends RemoteModuleId>(id: Id): RemoteModule<Id> | undefined {
  return loadedModules.get(id) as RemoteModule<Id> | undefined;
}

/** A remote was redeployed while this tab ran an older build of it that cannot load any more. */
export class NewVersionError extends Error {
  constructor(readonly remote: RemoteName) {
    super(`A new version of ${remote} was deployed`);
    this.name = 'NewVersionError';
  }
}

interface ManifestLike {
  metaData?: { buildInfo?: { buildVersion?: unknown } };
}

function buildVersionOf(manifest: unknown): string | undefined {
  const version = (manifest as ManifestLike | null)?.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' ? version : undefined;
}

function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/** Reports every failed remote load once, to the console, with the remote and module named. */
const reportFailures: ModuleFederationRuntimePlugin = {
  name: 'portal-report-remote-failures',
  errorLoadRemote(args) {
    console.error(`[remote] ${args.id} failed to load (${args.lifecycle})`, args.error);
    reportRemoteError(args.id.split('/')[0] ?? args.id, 'load', args.error);
    // Returning nothing lets the error reach the RemoteBoundary, which shows the fallback.
    return undefined;
  },
};

/** Remembers which build of each remote this tab runs, to notice a redeploy later. */
const trackBuilds = {
  name: 'portal-track-remote-builds',
  afterLoadManifest(args: { moduleInfo: { name: string }; manifestJson?: unknown }) {
    const version = buildVersionOf(args.manifestJson);
    if (version && isRemoteName(args.moduleInfo.name)) {
      loadedBuilds.set(args.moduleInfo.name, version);
      noteRemoteBuild(args.moduleInfo.name, version);
    }
    return args;
  },
} as unknown as ModuleFederationRuntimePlugin;

function remoteList(urls: Record<RemoteName, string>) {
  return REMOTE_NAMES.map((name) => ({ name, entry: urls[name] }));
}

/** Registers the remotes named in /config.json with the federation runtime. */
export function initRemotes(config: Pick<RuntimeConfig, 'remotes'>): void {
  manifestUrls = config.remotes;
  // The bundler already created the host instance; add our plugins to it.
  registerPlugins([
    RetryPlugin({
      fetch: { retryTimes: 2, retryDelay: 400 },
      script: { retryTimes: 2, retryDelay: 400 },
    }),
    reportFailures,
    trackBuilds,
  ]);
  // Every remote's own federation instance gets this one (the toast container loads on demand).
  registerGlobalPlugins([toastDemandPlugin]);
  registerRemotes(remoteList(config.remotes));
}

/** Counts a mounted component of a remote until the returned function is called. */
export function trackMount(remote: RemoteName): () => void {
  liveMounts.set(remote, (liveMounts.get(remote) ?? 0) + 1);
  return () => liveMounts.set(remote, Math.max(0, (liveMounts.get(remote) ?? 1) - 1));
}

/** Replaces a remote's container by a fresh one read from its manifest URL. */
function reRegister(name: RemoteName, urls: Record<RemoteName, string>): void {
  loadedBuilds.delete(name);
  // The next mount loads from the new container, not the old one's modules.
  for (const id of loadedModules.keys()) if (remoteOf(id) === name) loadedModules.delete(id);
  generations.set(name, (generations.get(name) ?? 0) + 1);
  registerRemotes([{ name, entry: urls[name] }], { force: true });
}

/** True when the remote's manifest now names another build than the one this tab loaded. */
export async function newVersionDeployed(name: RemoteName): Promise<boolean> {
  const loaded = loadedBuilds.get(name);
  if (!manifestUrls || !loaded) return false;
  try {
    const response = await fetch(manifestUrls[name], { cache: 'no-cache' });
    if (!response.ok) return false;
    const current = buildVersionOf(await response.json());
    return current !== undefined && current !== loaded;
  } catch {
    return false;
  }
}

async function loadOnce<Id extends RemoteModuleId>(id: Id): Promise<RemoteModule<Id>> {
  const loaded = await loadRemote<RemoteModule<Id>>(id);
  if (!loaded || (typeof loaded.default !== 'function' && typeof loaded.default !== 'object')) {
    throw new Error(`Remote module ${id} has no default export`);
  }
  loadedModules.set(id, loaded);
  return loaded;
}

/**
 * Loads one exposed module, typed by shared-contracts' RemoteModules map.
 *
 * A remote is re-registered only when its own last load failed, and then once: a healthy
 * remote keeps its one container (a second would mean a second copy of its state). When a
 * load fails because the remote was redeployed under this tab, it is replaced by the new
 * build at once if none of its components is on the page; otherwise the failure is a
 * NewVersionError, which the boundary shows as a Reload prompt. A load that failed on a
 * container another load replaced meanwhile is tried once more on the new one.
 */
export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModule<Id>> {
  const urls = manifestUrls;
  if (!urls) throw new Error('initRemotes() must run before a remote is loaded');
  const name = remoteOf(id);
  const retrying = failed.delete(name);
  if (retrying) reRegister(name, urls);
  const generation = generations.get(name) ?? 0;
  try {
    const module = await loadOnce(id);
    if (retrying) announceRecovery(name);
    return module;
  } catch (error) {
    const redeployed = await newVersionDeployed(name);
    if ((generations.get(name) ?? 0) !== generation) return loadOnNewContainer(id, name);
    if (!redeployed) {
      failed.add(name);
      throw error;
    }
    if ((liveMounts.get(name) ?? 0) > 0) throw new NewVersionError(name);
    console.info(`[remote] ${name} was redeployed: loading its new build`);
    reRegister(name, urls);
    return loadOnNewContainer(id, name);
  }
}

/** The one more try a load gets on a remote's replaced container. */
async function loadOnNewContainer<Id extends RemoteModuleId>(id: Id, name: RemoteName): Promise<RemoteModule<Id>> {
  try {
    return await loadOnce(id);
  } catch (retryError) {
    failed.add(name);
    throw retryError;
  }
}

/**
 * After a remote's component crashed while rendering: 'reload' when the remote was redeployed
 * and other components of it are on the page, 'reloaded' when it was redeployed and the next
 * load takes its new build, 'same' otherwise (a Retry renders the same module again).
 */
export async function afterRenderFailure(name: RemoteName): Promise<'reload' | 'reloaded' | 'same'> {
  if (!(await newVersionDeployed(name))) return 'same';
  if ((liveMounts.get(name) ?? 0) > 0) return 'reload';
  failed.add(name);
  return 'reloaded';
}
