import type { AccountMountProps } from 'shared-contracts';
import { AccountMenu as Menu } from '../menu/AccountMenu';
import { AccountProvider } from '../store/AccountProvider';

/** Header slot: Sign In / Sign Up, or the avatar menu. */
export default function AccountMenu({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <Menu />
    </AccountProvider>
  );
}
