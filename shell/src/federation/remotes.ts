import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import {
  REMOTE_NAMES,
  remoteOf,
  type RemoteModule,
  type RemoteModuleId,
  type RemoteName,
  type RuntimeConfig,
} from 'shared-contracts';

let manifestUrls: Record<RemoteName, string> | undefined;

/** Reports every failed remote load once, to the console, with the remote and module named. */
const reportFailures: ModuleFederationRuntimePlugin = {
  name: 'portal-report-remote-failures',
  errorLoadRemote(args) {
    console.error(`[remote] ${args.id} failed to load (${args.lifecycle})`, args.error);
    // Returning nothing lets the error reach the RemoteBoundary, which shows the fallback.
    return undefined;
  },
};

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
  ]);
  registerRemotes(remoteList(config.remotes));
}

/**
 * Loads one exposed module, typed by shared-contracts' RemoteModules map.
 * `fresh` re-registers the remote first so a retry after a failure fetches it anew.
 */
export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id, { fresh = false } = {}): Promise<RemoteModule<Id>> {
  if (!manifestUrls) throw new Error('initRemotes() must run before a remote is loaded');
  if (fresh) {
    const name = remoteOf(id);
    registerRemotes([{ name, entry: manifestUrls[name] }], { force: true });
  }
  const loaded = await loadRemote<RemoteModule<Id>>(id);
  if (!loaded || (typeof loaded.default !== 'function' && typeof loaded.default !== 'object')) {
    throw new Error(`Remote module ${id} has no default export`);
  }
  return loaded;
}
