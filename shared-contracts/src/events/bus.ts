import type { ModalKind, ModalProps, SessionInfo } from '../account/modal';

/** Every event parts exchange, with its payload type. */
export interface PortalEvents {
  'modal:open': { kind: ModalKind; props?: ModalProps };
  'modal:close': Record<string, never>;
  'session:changed': SessionInfo;
  /** A heart was toggled (decision 0025). */
  'library:favourite-changed': { gameId: number; favourite: boolean };
  /** The play page started a catalogue game. */
  'library:game-played': { gameId: number };
  /** The stored library changed: 'local' after the two events above, 'sync' after an account merge. */
  'library:changed': { source: 'local' | 'sync' };
}
export type PortalEventName = keyof PortalEvents;
type Listener<K extends PortalEventName> = (payload: PortalEvents[K]) => void;

/**
 * A typed bus on one EventTarget kept on globalThis, so every part talks through the same
 * bus even if a second copy of this package were ever loaded.
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
