import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '@portal/ui';
import { DialogToasts } from './dialog-toasts';
import './modals.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function focusableIn(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
}

interface DialogFrameProps {
  /** Changes when another dialog replaces the content: focus moves to its first field. */
  contentKey: string;
  title: string;
  subtitle?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The modal frame (product §2): backdrop, X button, Escape, focus trapped inside while open and
 * handed back to whatever had it before. It stays mounted while dialogs swap inside it, so
 * moving from Sign In to Sign Up does not bounce focus back to the page.
 */
export function DialogFrame({ contentKey, title, subtitle, onClose, children }: DialogFrameProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const subtitleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const pressStartedOnBackdrop = useRef(false);
  const toastsRef = useRef<HTMLDivElement>(null);

  // A toast arriving in the dialog is brought into view (the panel may be scrolled to its end).
  useEffect(() => {
    const region = toastsRef.current;
    if (!region || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      if (region.querySelector('.Toastify__toast')) region.scrollIntoView({ block: 'nearest' });
    });
    observer.observe(region, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelRef.current;
      if (!panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (!panel.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const firstField = panel.querySelector<HTMLElement>('input:not([type="hidden"]):not([type="checkbox"]), select, textarea');
    (firstField ?? panel).focus();
    panel.scrollTop = 0;
  }, [contentKey]);

  return createPortal(
    // A mouse-only convenience: the dialog itself handles Escape and its X button for keyboards.
    <div
      className="acc-modal"
      role="presentation"
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a click that starts and ends on the backdrop closes (not a text selection drag).
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current) onClose();
      }}
      data-testid="account-modal-backdrop"
    >
      <div
        className="acc-modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtitle ? subtitleId : undefined}
        ref={panelRef}
        tabIndex={-1}
      >
        <button type="button" className="acc-modal__close" onClick={onClose} aria-label="Close">
          <Icon name="close" />
        </button>
        <header className="acc-modal__header">
          <span className="acc-modal__badge" aria-hidden="true">
            <Icon name="gamepad" size={22} weight={2} />
          </span>
          <h2 className="acc-modal__title" id={titleId}>
            {title}
          </h2>
          {subtitle ? (
            <p className="acc-modal__subtitle" id={subtitleId}>
              {subtitle}
            </p>
          ) : null}
        </header>
        <div className="acc-modal__toasts" ref={toastsRef}>
          <DialogToasts />
        </div>
        <div className="acc-modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
