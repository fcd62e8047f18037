import { MODAL_KINDS, PAGE_TEXT, openModal } from 'shared-contracts';
import './account-slot.css';

/**
 * product §2: Sign In / Sign Up. They open their dialog through the portal's event bus, so they
 * need no store: the modal host loads the dialogs when asked (decision 0015).
 */
export function SignedOutButtons({ hidden = false }: { hidden?: boolean }) {
  return (
    <div className="acc-menu-buttons" aria-hidden={hidden || undefined} inert={hidden || undefined}>
      <button
        type="button"
        className="button button--ghost acc-menu-buttons__button"
        onClick={() => {
          openModal(MODAL_KINDS.signIn);
        }}
      >
        {PAGE_TEXT.signIn}
      </button>
      <button
        type="button"
        className="button button--primary acc-menu-buttons__button"
        onClick={() => {
          openModal(MODAL_KINDS.signUp);
        }}
      >
        {PAGE_TEXT.signUp}
      </button>
    </div>
  );
}
