import type { AccountMountProps } from 'shared-contracts';
import { AccountProvider } from '../../store/account-provider';
import type { ModalRequest } from '../use-modal-events';
import { ModalHost } from './modal-host';

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
