import type { AccountApi } from '../api/account-api';

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

/** Everything a saga touches outside the store, passed in so tests can substitute it. */
export interface AccountServices {
  api: AccountApi;
  notify: Notifier;
  navigate: (path: string) => void;
  localStorage: Storage;
  sessionStorage: Storage;
  /** Tells the other parts of the portal (shared-contracts event bus). */
  announceSession: (signedIn: boolean) => void;
  /** Where 'storage' events from other tabs arrive; null outside a browser. */
  storageEvents: EventTarget | null;
  now: () => number;
}
