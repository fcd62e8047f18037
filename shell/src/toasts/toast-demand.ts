import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// The toast container (react-toastify, 8.5 KB) loads only once some part of the site loads
// react-toastify to show a toast, not on every first visit (decision 0016). A toast
// shown before the container is up waits in react-toastify's own queue and appears with it.

let wanted = false;
const listeners = new Set<() => void>();

/** Something on the page can show toasts from now on: mount the container. */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

export const toastsWanted = (): boolean => wanted;

export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A global runtime plugin (every container's federation instance gets it): when any part is
 * handed the shared react-toastify, the shell mounts the container.
 */
export const toastDemandPlugin: ModuleFederationRuntimePlugin = {
  name: 'shell-toast-demand',
  afterLoadShare({ pkgName }) {
    if (pkgName === 'react-toastify') wantToasts();
  },
};
