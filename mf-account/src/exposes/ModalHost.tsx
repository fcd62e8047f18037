import type { AccountMountProps } from 'shared-contracts';
import { ModalHost as Host } from '../modals/ModalHost';
import { AccountProvider } from '../store/AccountProvider';

/** Mounted once per page: the auth dialogs, #signin/#signup and the session timer. */
export default function ModalHost({ config }: AccountMountProps) {
  return (
    <AccountProvider config={config}>
      <Host />
    </AccountProvider>
  );
}
