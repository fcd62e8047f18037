import { useEffect } from 'react';
import { useAccountDispatch } from '../store/hooks';
import { takeModalAsks } from './modal-inbox';
import { modalClosed, modalOpened } from './modal-slice';

/**
 * Any part of the portal opens or closes a dialog through the shared event bus (product §4).
 * The loaded host takes them from the inbox, starting with one asked for before it listened.
 */
export function useModalEvents(): void {
  const dispatch = useAccountDispatch();
  useEffect(
    () =>
      takeModalAsks({
        open: ({ kind, props }) => dispatch(modalOpened({ kind, props })),
        close: () => dispatch(modalClosed()),
      }),
    [dispatch],
  );
}
