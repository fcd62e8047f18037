import { toast, type ToastOptions } from 'react-toastify';
import type { Notifier, NotifyOptions } from './services';

/** The toast container inside an open account dialog (auth/dialogs/dialog-toasts.tsx). */
export const DIALOG_TOASTS_ID = 'account-dialog';

/**
 * Where the shell's top-right toasts (320 px, 16 px from the edge) would cover a centred dialog
 * (460 px wide): below 2 × (320 + 16) + 460 = 1132 px. There a toast shown while a dialog is open
 * goes inside the dialog instead, above its form.
 */
export const TOASTS_OVER_DIALOG_QUERY = '(max-width: 1131.98px)';

const toastsWouldCoverDialog = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(TOASTS_OVER_DIALOG_QUERY).matches;

/**
 * Toasts through react-toastify (a shared singleton: they land in the shell's ToastContainer).
 * One toast per message at a time (the message is its id unless the caller names one): a
 * repeated failure never stacks copies. While a dialog is open (`dialogOpen`) on a screen where
 * the shell's toasts would cover it, they go into the dialog's own container.
 */
export function createToastNotifier(dialogOpen: () => boolean = () => false): Notifier {
  const options = (message: string, given: NotifyOptions | undefined): ToastOptions => ({
    ...given,
    toastId: given?.toastId ?? message,
    ...(dialogOpen() && toastsWouldCoverDialog() ? { containerId: DIALOG_TOASTS_ID } : {}),
  });
  return {
    success: (message, given) => void toast.success(message, options(message, given)),
    error: (message, given) => void toast.error(message, options(message, given)),
    info: (message, given) => void toast.info(message, options(message, given)),
  };
}

/** For toasts shown while no dialog can be open (the #signin / #signup check on arrival). */
export const toastNotifier: Notifier = createToastNotifier();
