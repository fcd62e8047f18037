import type { AccountState } from './account-slice';
import type { ModalState } from './modal-slice';
import type { SessionState } from './session-slice';

export interface AccountRootState {
  account: AccountState;
  modal: ModalState;
  session: SessionState;
}

export const selectSignedIn = (state: AccountRootState): boolean => state.session.signedIn;
export const selectUser = (state: AccountRootState) => state.account.user;
export const selectModal = (state: AccountRootState): ModalState => state.modal;
