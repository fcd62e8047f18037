import { useEffect, useState } from 'react';
import { on } from 'shared-contracts';
import { type ModalKind, type ModalProps } from 'shared-contracts/account';
import { useAccountDispatch } from '../store/hooks';
import { modalClosed, modalOpened } from './modal-slice';

/** What was asked for on the bus before the dialogs had loaded (decision 0015). */
export interface ModalRequest {
  kind: ModalKind;
  props?: ModalProps;
}

/**
 * Any part of the portal opens or closes a dialog through the shared event bus (product §4).
 * `initial` is the request that made the lazy host load; `onListening` tells that host's
 * loader it may stop listening on our behalf.
 */
export function useModalEvents(initial: ModalRequest | null = null, onListening?: () => void): void {
  const dispatch = useAccountDispatch();
  // Only the request present when this host mounted: later ones arrive on the bus itself.
  const [firstRequest] = useState(initial);
  useEffect(() => {
    if (firstRequest) dispatch(modalOpened({ kind: firstRequest.kind, props: firstRequest.props }));
  }, [dispatch, firstRequest]);
  useEffect(() => {
    onListening?.();
  }, [onListening]);
  useEffect(() => {
    const offOpen = on('modal:open', ({ kind, props }) => dispatch(modalOpened({ kind, props })));
    const offClose = on('modal:close', () => dispatch(modalClosed()));
    return () => {
      offOpen();
      offClose();
    };
  }, [dispatch]);
}
