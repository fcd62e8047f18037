import type { ModalState } from '../auth/modal-slice';
import type { AccountRootState } from './root-reducer';

export const selectUser = (state: AccountRootState) => state.profile.user;
export const selectModal = (state: AccountRootState): ModalState => state.modal;
