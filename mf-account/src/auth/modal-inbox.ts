import type { ModalKind, ModalProps } from '@portal/shared-contracts/account';
import { on } from '@portal/runtime';

/** A dialog asked for: on the portal's event bus by another part (product §4), or by this part's own buttons. */
export interface ModalRequest {
  kind: ModalKind;
  props?: ModalProps;
}

/** How the loaded dialogs take the asks (the store-backed modal host). */
export interface ModalTaker {
  open: (request: ModalRequest) => void;
  close: () => void;
}

/** An ask that waited longer than this is dropped: a dialog never pops up long after the click. */
export const MODAL_ASK_TTL_MS = 10_000;

/**
 * mf-account's one listener for the bus's dialog events (decision 0049). While the dialogs are
 * not loaded (or not listening yet) the latest ask waits here; the small modal host watches it to
 * know when to load them, and the loaded host takes it, once, when it starts taking asks.
 */
let listening = false;
let waiting: { request: ModalRequest; at: number } | null = null;
let taker: ModalTaker | null = null;
const watchers = new Set<() => void>();

function setWaiting(next: typeof waiting): void {
  waiting = next;
  for (const watcher of watchers) watcher();
}

/**
 * An ask for a dialog: to the loaded dialogs, or it waits for them. The account part's own
 * buttons call this directly (the bus is between parts); other parts' asks arrive on the bus.
 */
export function askForDialog(request: ModalRequest): void {
  if (taker) taker.open(request);
  else setWaiting({ request, at: Date.now() });
}

/**
 * Starts listening to the bus (once). Every module that shows a way to ask for a dialog calls it
 * when it loads, so an ask made before the dialogs are loaded is never missed.
 */
export function listenForModalAsks(): void {
  if (listening) return;
  listening = true;
  on('modal:open', askForDialog);
  on('modal:close', () => {
    if (taker) taker.close();
    else if (waiting) setWaiting(null);
  });
}

/** For `useSyncExternalStore`: is an ask waiting for the dialogs? */
export function subscribeModalAsks(onChange: () => void): () => void {
  listenForModalAsks();
  watchers.add(onChange);
  return () => {
    watchers.delete(onChange);
  };
}
export const modalAskWaiting = (): boolean => waiting !== null;

/**
 * The loaded dialogs take the asks: the one that waited (unless stale) at once, then each new one
 * as it comes. Returns the release (a `useEffect` cleanup); asks wait again after it.
 */
export function takeModalAsks(next: ModalTaker): () => void {
  listenForModalAsks();
  taker = next;
  const waited = waiting;
  if (waited) setWaiting(null);
  if (waited && Date.now() - waited.at < MODAL_ASK_TTL_MS) next.open(waited.request);
  return () => {
    if (taker === next) taker = null;
  };
}
