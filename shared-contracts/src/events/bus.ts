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

/**
 * A dialog asked for while no part listens for it (the account part's modal host is still
 * loading, or re-loading after a Retry) is kept for the first listener instead of being lost:
 * a player's early click on Sign In still opens the dialog. Kept briefly, so a dialog never
 * pops up long after the click.
 */
const UNHEARD_OPEN_TTL_MS = 10_000;
const STATE_KEY = '__gamesPortalEventBusState__';
interface BusState {
  listeners: Partial<Record<PortalEventName, number>>;
  unheardOpen: { payload: PortalEvents['modal:open']; at: number } | null;
}
function state(): BusState {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: BusState };
  holder[STATE_KEY] ??= { listeners: {}, unheardOpen: null };
  return holder[STATE_KEY];
}

export function emit<K extends PortalEventName>(name: K, payload: PortalEvents[K]): void {
  const bus = state();
  if (name === 'modal:open') {
    bus.unheardOpen = (bus.listeners[name] ?? 0) > 0 ? null : { payload: payload as PortalEvents['modal:open'], at: Date.now() };
  }
  if (name === 'modal:close') bus.unheardOpen = null;
  target().dispatchEvent(new CustomEvent(name, { detail: payload }));
}

/** Subscribes and returns the unsubscribe function (handy as a useEffect cleanup). */
export function on<K extends PortalEventName>(name: K, listener: Listener<K>): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<PortalEvents[K]>).detail);
  const bus = state();
  target().addEventListener(name, handler);
  bus.listeners[name] = (bus.listeners[name] ?? 0) + 1;
  const unheard = name === 'modal:open' ? bus.unheardOpen : null;
  if (unheard) {
    bus.unheardOpen = null;
    if (Date.now() - unheard.at < UNHEARD_OPEN_TTL_MS) listener(unheard.payload as PortalEvents[K]);
  }
  let subscribed = true;
  return () => {
    if (!subscribed) return;
    subscribed = false;
    target().removeEventListener(name, handler);
    bus.listeners[name] = (bus.listeners[name] ?? 1) - 1;
  };
}

export const openModal = (kind: ModalKind, props?: ModalProps): void => emit('modal:open', { kind, props });
