import type { AccountMountProps } from 'shared-contracts';
import { ModalHost as Host } from '../auth/dialogs/modal-host';
import { AccountProvider } from '../store/account-provider';

/** Mounted once per page: the auth dialogs, #signin/#signup and the session timer. */
export default function ModalHost({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <Host />
    </AccountProvider>
  );
}
