import type { AccountMountProps } from 'shared-contracts';
import { AccountMenu as Menu } from '../session/account-menu';
import { AccountProvider } from '../store/account-provider';

/** Header slot: Sign In / Sign Up, or the avatar menu. */
export default function AccountMenu({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <Menu />
    </AccountProvider>
  );
}
