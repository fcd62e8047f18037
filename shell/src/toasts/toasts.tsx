import { ToastContainer } from 'react-toastify';
import './toasts.css';

/** product §9 toast defaults. react-toastify is a shared singleton, so every remote's toast() lands here. */
export const TOAST_DEFAULTS = {
  autoClose: 5000,
  position: 'top-right',
  hotKeys: (e: KeyboardEvent) => e.altKey && e.code === 'KeyT',
  width: '320px',
} as const;

export function Toasts() {
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
