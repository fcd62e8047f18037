import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { PAGE_TEXT, ROUTES } from '@portal/shared-contracts';
import { displayNameOf } from '../ui/picture-url';
import { SignedOutButtons } from '../auth';
import { logoutRequested, useSignedIn } from '../session';
import { useAccountDispatch } from '../store/hooks';
import { selectUser, useProfileSelector } from './profile-state';
import { Avatar } from '../ui/avatar';
import './account-menu.css';
import { Icon } from '@portal/ui';

/** The store-backed header slot: the avatar menu when signed in, the two buttons otherwise. */
export function AccountMenu() {
  const signedIn = useSignedIn();
  return signedIn ? <AvatarMenu /> : <SignedOutButtons />;
}

/** product §6: a signed-in player sees the avatar menu with Profile and Logout. */
export function AvatarMenu() {
  const dispatch = useAccountDispatch();
  const user = useProfileSelector(selectUser);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // Close on a click outside or Escape (focus back on the avatar), as menus do.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onMenuKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  const name = user ? displayNameOf(user) : 'your account';
  return (
    <div className="acc-avatar-menu" ref={rootRef}>
      <button
        type="button"
        ref={buttonRef}
        className="acc-avatar-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${name}`}
        onClick={() => {
          setOpen((isOpen) => !isOpen);
        }}
      >
        <Avatar user={user} size={40} />
        <Icon name="chevronDown" className="acc-avatar-menu__chevron" size={16} weight={2.4} />
      </button>
      {open ? (
        <div
          className="acc-avatar-menu__panel"
          role="menu"
          tabIndex={-1}
          id={menuId}
          aria-label="Account"
          ref={menuRef}
          onKeyDown={onMenuKeyDown}
        >
          {user ? (
            <div className="acc-avatar-menu__who" role="presentation">
              <Avatar user={user} size={44} />
              <div className="acc-avatar-menu__who-text">
                <strong>{name}</strong>
                <span>{user.email}</span>
              </div>
            </div>
          ) : null}
          <Link
            to={ROUTES.profile}
            role="menuitem"
            className="acc-avatar-menu__item"
            onClick={() => {
              setOpen(false);
            }}
          >
            <Icon name="user" size={18} weight={2} />
            {PAGE_TEXT.profile}
          </Link>
          <button
            type="button"
            role="menuitem"
            className="acc-avatar-menu__item acc-avatar-menu__item--danger"
            onClick={() => {
              setOpen(false);
              dispatch(logoutRequested());
            }}
          >
            <Icon name="logout" size={18} weight={2} />
            {PAGE_TEXT.logout}
          </button>
        </div>
      ) : null}
    </div>
  );
}
