import { toast } from 'react-toastify';
import type { Notifier } from './services';

/** react-toastify is a shared singleton: these land in the shell's ToastContainer. */
export const toastNotifier: Notifier = {
  success: (message, options) => void toast.success(message, options),
  error: (message, options) => void toast.error(message, options),
  info: (message, options) => void toast.info(message, options),
};
