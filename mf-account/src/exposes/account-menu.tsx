import { lazy, Suspense } from 'react';
import type { AccountMountProps } from '@portal/shared-contracts';
import { listenForModalAsks } from '../auth/modal-inbox';
import { SignedOutButtons } from '../auth/signed-out-buttons';
import { useSignedIn } from '../session/use-signed-in';

// Other parts ask for dialogs on the bus, the buttons below ask the inbox: an ask made before the
// modal host has loaded must wait for it (decision 0049).
listenForModalAsks();

/** The avatar menu comes with the store, the sagas and axios: loaded only when a session is stored. */
const SignedInMenu = lazy(() => import('../app/signed-in-menu'));

/**
 * Header slot (decision 0015): a signed-out visitor gets Sign In / Sign Up from this small
 * chunk; the buttons stay laid out (hidden) when signed in so the slot never changes width.
 */
export default function AccountMenu({ config }: AccountMountProps) {
  const signedIn = useSignedIn();
  return (
    <div className="acc-slot" data-signed-in={signedIn}>
      <SignedOutButtons hidden={signedIn} />
      {signedIn ? (
        <Suspense fallback={<span className="acc-slot__pending" aria-hidden="true" />}>
          <SignedInMenu config={config} />
        </Suspense>
      ) : null}
    </div>
  );
}
