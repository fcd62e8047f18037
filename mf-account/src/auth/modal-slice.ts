import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ModalKind, ModalProps } from 'shared-contracts/account';
import { signin } from '../session';

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
  // product §2: after a successful sign-in the modal closes.
  extraReducers: (builder) => {
    builder.addCase(signin.fulfilled, () => initialState);
  },
});

export const { modalOpened, modalClosed } = modalSlice.actions;
export const modalReducer = modalSlice.reducer;
