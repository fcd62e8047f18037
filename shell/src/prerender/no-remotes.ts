// Stands in for ../federation/remotes.ts when pages are pre-rendered in Node: nothing is
// loaded there, every remote mount shows its placeholder.
import type { RemoteModule, RemoteModuleId, RuntimeConfig } from 'shared-contracts';

export function initRemotes(_config: Pick<RuntimeConfig, 'remotes'>): void {}

export function loadRemoteModule<Id extends RemoteModuleId>(
  _id: Id,
  _options: { fresh?: boolean } = {},
): Promise<RemoteModule<Id>> {
  return new Promise(() => undefined);
}
