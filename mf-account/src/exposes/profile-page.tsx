import type { AccountMountProps } from 'shared-contracts';
import { ProfilePage as Page } from '../profile/profile-page';
import { AccountProvider } from '../store/account-provider';

/** The /profile route. */
export default function ProfilePage({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <Page />
    </AccountProvider>
  );
}
