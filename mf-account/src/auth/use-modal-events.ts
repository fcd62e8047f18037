import { useEffect } from 'react';
import { on } from 'shared-contracts';
import { useAccountDispatch } from '../store/hooks';
import { modalClosed, modalOpened } from './modal-slice';

/** Any part of the portal opens or closes a dialog through the shared event bus (SPEC §4). */
export function useModalEvents(): void {
  const dispatch = useAccountDispatch();
  useEffect(() => {
    const offOpen = on('modal:open', ({ kind, props }) => dispatch(modalOpened({ kind, props })));
    const offClose = on('modal:close', () => dispatch(modalClosed()));
    return () => {
      offOpen();
      offClose();
    };
  }, [dispatch]);
}
