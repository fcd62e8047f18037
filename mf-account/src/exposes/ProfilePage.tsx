import type { AccountMountProps } from 'shared-contracts';
import { ProfilePage as Page } from '../profile/ProfilePage';
import { AccountProvider } from '../store/AccountProvider';

/** The /profile route. */
export default function ProfilePage({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <Page />
    </AccountProvider>
  );
}
