import { ToastContainer } from 'react-toastify';
import { TOAST_DEFAULTS } from './toast-defaults';
import './toasts.css';

/** The one toast container: react-toastify is a shared singleton, so every remote's toast() lands here. */
export default function ToastStack() {
  return (
    <ToastContainer
      autoClose={TOAST_DEFAULTS.autoClose}
      position={TOAST_DEFAULTS.position}
      hotKeys={TOAST_DEFAULTS.hotKeys}
      theme="dark"
      style={{ width: TOAST_DEFAULTS.width }}
    />
  );
}
