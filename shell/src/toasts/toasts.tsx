import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from './toast-demand';

const ToastStack = lazy(() => import('./toast-stack'));

/** The toast container, mounted once a part of the site can show toasts (see toast-demand). */
export function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  ) : null;
}
