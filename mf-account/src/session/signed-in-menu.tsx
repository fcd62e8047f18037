import { useEffect } from 'react';
import type { AccountMountProps } from 'shared-contracts';
import { AccountProvider } from '../store/account-provider';
import { useAccountSelector } from '../store/hooks';
import { selectSignedIn } from '../store/selectors';
import { AvatarMenu } from './account-menu';

interface SignedInMenuProps extends AccountMountProps {
  /** The store found no valid session (e.g. an expired token on load): the slot shows the buttons. */
  onSignedOut: () => void;
}

function AvatarWhenSignedIn({ onSignedOut }: Pick<SignedInMenuProps, 'onSignedOut'>) {
  const signedIn = useAccountSelector(selectSignedIn);
  useEffect(() => {
    if (!signedIn) onSignedOut();
  }, [signedIn, onSignedOut]);
  return signedIn ? <AvatarMenu /> : null;
}

/** The signed-in half of the header slot, loaded (with the store) only when a session is stored. */
export default function SignedInMenu({ config, onSignedOut }: SignedInMenuProps) {
  return (
    <AccountProvider config={config}>
      <AvatarWhenSignedIn onSignedOut={onSignedOut} />
    </AccountProvider>
  );
}
