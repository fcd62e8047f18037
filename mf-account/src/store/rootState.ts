import type { AccountState } from './accountSlice';
import type { ModalState } from './modalSlice';
import type { SessionState } from './sessionSlice';

export interface AccountRootState {
  account: AccountState;
  modal: ModalState;
  session: SessionState;
}

export const selectSignedIn = (state: AccountRootState): boolean => state.session.signedIn;
export const selectUser = (state: AccountRootState) => state.account.user;
export const selectModal = (state: AccountRootState): ModalState => state.modal;
