import type { AccountApi } from '../api/account-api';
import type { TokenStore } from '../api/token-store';

export interface NotifyOptions {
  autoClose?: number;
  /** Same id = one toast, so a repeated event never stacks copies. */
  toastId?: string;
}

/** Toasts as the sagas see them (react-toastify in the app, a recorder in tests). */
export interface Notifier {
  success: (message: string, options?: NotifyOptions) => void;
  error: (message: string, options?: NotifyOptions) => void;
  info: (message: string, options?: NotifyOptions) => void;
}

/**
 * Everything a saga touches outside the store, passed to the root saga once (decision 0013),
 * so tests run the sagas against a real axios client over a mocked adapter.
 */
export interface AccountServices {
  api: AccountApi;
  notify: Notifier;
  /** Resolves once the new page is on screen (session/navigation.ts). */
  navigate: (path: string) => Promise<void> | void;
  /** The one place the tokens live. */
  tokens: TokenStore;
  sessionStorage: Storage;
  /** Tells the other parts of the portal (portal-runtime's event bus; the player's votes listen). */
  announceSession: (signedIn: boolean) => void;
  /** The page's sync of the browser library with the account (library-sync/). */
  librarySync: { signedIn: () => void };
  /** Where 'storage' events from other tabs arrive; null outside a browser. */
  storageEvents: EventTarget | null;
  now: () => number;
}
