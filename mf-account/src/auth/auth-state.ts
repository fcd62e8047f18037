import { useSelector } from 'react-redux';
import type { StateFromReducersMapObject } from 'redux';
import { authReducer } from './auth-slice';
import { modalReducer, type ModalState } from './modal-slice';

/** The state keys this feature owns; the app's root reducer takes them as they are. */
export const authReducers = { auth: authReducer, modal: modalReducer };
export type AuthRootState = StateFromReducersMapObject<typeof authReducers>;

/** Typed by the auth part of the state only: a feature reads what it owns. */
export const useAuthSelector = useSelector.withTypes<AuthRootState>();
export const selectModal = (state: AuthRootState): ModalState => state.modal;
