import type { AccountMountProps } from '@portal/shared-contracts';
import { ModalHost } from '../auth/dialogs/modal-host';
import { AccountProvider } from './account-provider';

/** The page-wide account part with its store, sagas, axios and dialogs: the lazy half of ./ModalHost. */
export default function AccountHost({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <ModalHost />
    </AccountProvider>
  );
}
