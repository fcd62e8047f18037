import type { AccountMountProps } from '@portal/shared-contracts';
import { AccountProvider } from '../app/account-provider';
import { ProfilePage as Page } from '../profile';

/** The /profile route. */
export default function ProfilePage({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <Page />
    </AccountProvider>
  );
}
