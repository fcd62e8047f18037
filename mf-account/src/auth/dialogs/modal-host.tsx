import { useActivationLink } from '../use-activation-link';
import { useAuthHash } from '../use-auth-hash';
import { useAccountDispatch } from '../../store/hooks';
import { modalClosed } from '../modal-slice';
import { selectModal, useAuthSelector } from '../auth-state';
import { DialogFrame } from './dialog-frame';
import { DIALOGS } from './dialogs';
import { useModalEvents } from '../use-modal-events';

/**
 * Mounted once per page by the shell: renders the open dialog (or none) and hosts the
 * page-wide account behaviour: #signin/#signup, activation links, the expiry timer.
 */
export function ModalHost() {
  const dispatch = useAccountDispatch();
  const { kind, props } = useAuthSelector(selectModal);
  useModalEvents();
  useAuthHash();
  useActivationLink();

  if (kind === null) return null;
  const dialog = DIALOGS[kind];
  return (
    <DialogFrame contentKey={kind} title={dialog.title} subtitle={dialog.subtitle(props)} onClose={() => dispatch(modalClosed())}>
      {/* Keyed by kind so each dialog starts with a fresh form. */}
      <div key={kind}>{dialog.render(props)}</div>
    </DialogFrame>
  );
}
