import { ToastContainer } from 'react-toastify';
import { DIALOG_TOASTS_ID } from '../../store/toast-notifier';
import './dialog-toasts.css';

/**
 * The toasts of an open dialog, in its flow above the form: on a screen where the shell's
 * top-right toasts would cover the dialog (its title, its X, its fields), the account's toasts
 * come here instead (store/toast-notifier.ts), so nothing is ever drawn over the dialog.
 */
export function DialogToasts() {
  return (
    <ToastContainer
      containerId={DIALOG_TOASTS_ID}
      className="acc-dialog-toasts"
      position="top-center"
      autoClose={5000}
      theme="dark"
      closeOnClick
      newestOnTop
      // Alt+T already reaches the shell's container.
      hotKeys={() => false}
      aria-label="Dialog notifications"
    />
  );
}
