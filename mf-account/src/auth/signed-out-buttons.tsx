import { PAGE_TEXT } from '@portal/shared-contracts';
import { MODAL_KINDS } from '@portal/shared-contracts/account';
import './account-slot.css';
import { askForDialog } from './modal-inbox';

const BUTTONS = [
  { kind: MODAL_KINDS.signIn, label: PAGE_TEXT.signIn, look: 'button--ghost' },
  { kind: MODAL_KINDS.signUp, label: PAGE_TEXT.signUp, look: 'button--primary' },
] as const;

/**
 * product §2: Sign In / Sign Up. They ask this part's modal inbox for their dialog, so they need
 * no store: the modal host loads the dialogs when asked (decisions 0015, 0049). Not the portal's
 * bus: that is for asks from other parts.
 */
export function SignedOutButtons({ hidden = false }: { hidden?: boolean }) {
  return (
    <div className="acc-menu-buttons" aria-hidden={hidden || undefined} inert={hidden || undefined}>
      {BUTTONS.map(({ kind, label, look }) => (
        <button
          key={kind}
          type="button"
          className={`button ${look} acc-menu-buttons__button`}
          onClick={() => {
            askForDialog({ kind });
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
