import type { AccountMountProps } from 'shared-contracts';
import { ModalHost } from '../auth/dialogs/modal-host';
import type { ModalRequest } from '../auth/use-modal-events';
import { AccountProvider } from './account-provider';

export interface AccountHostProps extends AccountMountProps {
  initialModal: ModalRequest | null;
  onListening: () => void;
}

/** The page-wide account part with its store, sagas, axios and dialogs: the lazy half of ./ModalHost. */
export default function AccountHost({ config, initialModal, onListening }: AccountHostProps) {
  return (
    <AccountProvider config={config}>
      <ModalHost initialModal={initialModal} onListening={onListening} />
    </AccountProvider>
  );
}
