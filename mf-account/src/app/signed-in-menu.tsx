import type { AccountMountProps } from '@portal/shared-contracts';
import { AvatarMenu } from '../profile';
import { AccountProvider } from './account-provider';

/**
 * The signed-in half of the header slot, loaded (with the store) only when a session is stored.
 * The slot decides from the token store whether to show it, so a session the store drops on load
 * (an expired token) turns the slot back to the buttons by itself.
 */
export default function SignedInMenu({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <AvatarMenu />
    </AccountProvider>
  );
}
