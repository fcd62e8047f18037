import { PAGE_TEXT, openModal } from 'shared-contracts';
import { MODAL_KINDS } from 'shared-contracts/account';
import './account-slot.css';

const BUTTONS = [
  { kind: MODAL_KINDS.signIn, label: PAGE_TEXT.signIn, look: 'button--ghost' },
  { kind: MODAL_KINDS.signUp, label: PAGE_TEXT.signUp, look: 'button--primary' },
] as const;

/**
 * product §2: Sign In / Sign Up. They open their dialog through the portal's event bus, so they
 * need no store: the modal host loads the dialogs when asked (decision 0015).
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
            openModal(kind);
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
