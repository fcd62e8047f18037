import type { AccountMountProps } from 'shared-contracts';
import { AccountProvider } from '../store/account-provider';
import { useAccountSelector } from '../store/hooks';
import { selectSignedIn } from '../store/selectors';
import { AvatarMenu } from './account-menu';

function AvatarWhenSignedIn() {
  return useAccountSelector(selectSignedIn) ? <AvatarMenu /> : null;
}

/** The signed-in half of the header slot, loaded (with the store) only when a session is stored. */
export default function SignedInMenu({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <AvatarWhenSignedIn />
    </AccountProvider>
  );
}
