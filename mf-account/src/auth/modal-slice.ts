import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MODAL_KINDS, type ModalKind, type ModalProps } from '@portal/shared-contracts/account';
import { signin, signinUnverified } from '../session';

/** product §4: one of the five dialogs or none; closing clears both kind and props. */
export interface ModalState {
  kind: ModalKind | null;
  props: ModalProps;
}

const initialState: ModalState = { kind: null, props: {} };

const modalSlice = createSlice({
  name: 'modal',
  initialState,
  reducers: {
    modalOpened: (_state, { payload }: PayloadAction<{ kind: ModalKind; props?: ModalProps }>) => ({
      kind: payload.kind,
      props: payload.props ?? {},
    }),
    modalClosed: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      // product §2: after a successful sign-in the modal closes.
      .addCase(signin.fulfilled, () => initialState)
      // product §8: an unverified account's sign-in goes on in the verify dialog.
      .addCase(signinUnverified, (_state, { payload }) => ({
        kind: MODAL_KINDS.verifyEmail,
        props: payload.email ? { email: payload.email } : {},
      }));
  },
});

export const { modalOpened, modalClosed } = modalSlice.actions;
export const modalReducer = modalSlice.reducer;
