// Stands in for ../federation/remotes.ts when pages are pre-rendered in Node: nothing is
// loaded there, every remote mount shows its placeholder. Same exports, same types.
import type { RemoteModule, RemoteModuleId, RemoteName, RuntimeConfig } from '@portal/shared-contracts';

export class NewVersionError extends Error {}

export function initRemotes(_config: Pick<RuntimeConfig, 'remotes'>): void {}

export function trackMount(_remote: RemoteName): () => void {
  return () => undefined;
}

export function newVersionDeployed(_name: RemoteName): Promise<boolean> {
  return Promise.resolve(false);
}

export function loadedRemoteModule<Id extends RemoteModuleId>(_id: Id): RemoteModule<Id> | undefined {
  return undefined;
}

export function loadRemoteModule<Id extends RemoteModuleId>(_id: Id): Promise<RemoteModule<Id>> {
  return new Promise(() => undefined);
}

export function afterRenderFailure(_name: RemoteName): Promise<'reload' | 'reloaded' | 'same'> {
  return Promise.resolve('same');
}
