import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { on, STORAGE_KEYS, type AccountMountProps } from 'shared-contracts';
import { linkNeedsAccount } from '../auth/auth-links';
import type { ModalRequest } from '../auth/use-modal-events';
import { browserTokens } from '../api/token-store';

/** The store, sagas, axios and the five dialogs: loaded on first need only. */
const AccountHost = lazy(() => import('../app/account-host'));

/**
 * Mounted once per page (decision 0015). Until something needs the account part, this small
 * chunk only listens: a dialog asked for on the bus (the header buttons, any other part), a
 * #signin / #signup hash or an activation link, or a stored session (now or from another tab).
 * Then it loads the host and hands over the request that triggered it.
 */
export default function ModalHost({ config }: AccountMountProps) {
  const location = useLocation();
  const [request, setRequest] = useState<ModalRequest | null>(null);
  const [needed, setNeeded] = useState(() => browserTokens().readAccess() !== null);
  const [hostListening, setHostListening] = useState(false);
  const onListening = useCallback(() => {
    setHostListening(true);
  }, []);

  // A dialog hash or an activation link (on arrival or after a client-side navigation).
  if (!needed && linkNeedsAccount(location)) setNeeded(true);

  useEffect(() => {
    if (hostListening) return;
    const offOpen = on('modal:open', (asked) => {
      setRequest({ kind: asked.kind, props: asked.props });
      setNeeded(true);
    });
    const offClose = on('modal:close', () => {
      setRequest(null);
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.token && browserTokens().readAccess() !== null) setNeeded(true);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      offOpen();
      offClose();
      window.removeEventListener('storage', onStorage);
    };
  }, [hostListening]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AccountHost config={config} initialModal={request} onListening={onListening} />
    </Suspense>
  );
}
