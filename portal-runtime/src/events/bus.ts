import type { ModalKind, ModalProps } from '@portal/shared-contracts/account';
import type { PortalEventName, PortalEvents } from '@portal/shared-contracts';

type Listener<K extends PortalEventName> = (payload: PortalEvents[K]) => void;

/**
 * The bus between parts: one EventTarget per page, which this package being a shared singleton
 * guarantees. It is also kept on globalThis, so a copy loaded beside the singleton (a remote's
 * fallback when the shell provides none) and the e2e tests reach the same one.
 */
const BUS_KEY = '__gamesPortalEventBus__';
function target(): EventTarget {
  const holder = globalThis as typeof globalThis & { [BUS_KEY]?: EventTarget };
  holder[BUS_KEY] ??= new EventTarget();
  return holder[BUS_KEY];
}

export function emit<K extends PortalEventName>(name: K, payload: PortalEvents[K]): void {
  target().dispatchEvent(new CustomEvent(name, { detail: payload }));
}

/**
 * Subscribes and returns the unsubscribe function (handy as a useEffect cleanup). Fire and
 * forget: an event nobody listens to is gone. The account part keeps a dialog asked for before
 * its dialogs have loaded itself (decision 0049).
 */
export function on<K extends PortalEventName>(name: K, listener: Listener<K>): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<PortalEvents[K]>).detail);
  target().addEventListener(name, handler);
  return () => {
    target().removeEventListener(name, handler);
  };
}

export const openModal = (kind: ModalKind, props?: ModalProps): void => emit('modal:open', { kind, props });
