import type { RemoteName } from '@portal/shared-contracts';

/** Tells failed mounts of a remote that a retry elsewhere loaded it again. */
const recoveries = new EventTarget();

export function announceRecovery(remote: RemoteName): void {
  recoveries.dispatchEvent(new Event(remote));
}

export function onRecovery(remote: RemoteName, listener: () => void): () => void {
  recoveries.addEventListener(remote, listener);
  return () => recoveries.removeEventListener(remote, listener);
}
