import type { ModalKind, ModalProps, SessionInfo } from '../account/modal';

/**
 * Every event the parts exchange, with its payload type: the contract of the bus that
 * portal-runtime carries (one bus per page, provided by the shell).
 */
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
