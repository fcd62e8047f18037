import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { STORAGE_KEYS, type AccountMountProps } from '@portal/shared-contracts';
import { browserTokens } from '../api/token-store';
import { linkNeedsAccount } from '../auth/auth-links';
import { listenForModalAsks, modalAskWaiting, subscribeModalAsks } from '../auth/modal-inbox';

listenForModalAsks();

/** The store, sagas, axios and the five dialogs: loaded on first need only. */
const AccountHost = lazy(() => import('../app/account-host'));

/** The server's HTML has no dialog open. */
const noAskOnServer = () => false;

/**
 * Mounted once per page (decision 0015). Until something needs the account part, this small
 * chunk only watches: a dialog asked for on the bus (it waits in the modal inbox, decision 0049),
 * a #signin / #signup hash or an activation link, or a stored session (now or from another tab).
 * Then it loads the host, which takes the waiting ask from the inbox.
 */
export default function ModalHost({ config }: AccountMountProps) {
  const location = useLocation();
  const asked = useSyncExternalStore(subscribeModalAsks, modalAskWaiting, noAskOnServer);
  const [needed, setNeeded] = useState(() => browserTokens().readAccess() !== null);

  // An ask, a dialog hash or an activation link (on arrival or after a client-side navigation).
  if (!needed && (asked || linkNeedsAccount(location))) setNeeded(true);

  useEffect(() => {
    if (needed) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.token && browserTokens().readAccess() !== null) setNeeded(true);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, [needed]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AccountHost config={config} />
    </Suspense>
  );
}
