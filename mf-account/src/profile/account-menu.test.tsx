import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { sampleUser, validToken } from '../testing/fakes';
import { api, http, renderAccount, renderedLocation } from '../testing/render-account';
import { ModalHost } from '../auth/dialogs/modal-host';
import { AccountMenu } from './account-menu';

beforeEach(() => {
  http.reset();
  localStorage.clear();
});

describe('AccountMenu (header slot)', () => {
  it('signed out: Sign In and Sign Up buttons open their modals (through the bus, to the modal host)', async () => {
    const { store, container } = renderAccount(
      <>
        <AccountMenu />
        <ModalHost />
      </>,
    );
    const slot = within(container.querySelector<HTMLElement>('.acc-menu-buttons')!);
    await userEvent.click(slot.getByRole('button', { name: 'Sign In' }));
    expect(store.getState().modal.kind).toBe('sign_in');
    await userEvent.click(slot.getByRole('button', { name: 'Sign Up', hidden: true }));
    expect(store.getState().modal.kind).toBe('sign_up');
  });

  it('signed in: the avatar with initials, a menu with Profile and Logout', async () => {
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    http.onPost(api('/get-user-info/')).reply(200, sampleUser());
    const { navigate } = renderAccount(<AccountMenu />);
    const avatar = await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(avatar).toHaveTextContent('AL');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();

    const user = userEvent.setup();
    await user.click(avatar);
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toHaveTextContent('ada@example.com');
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(renderedLocation()).toBe('/profile');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(avatar);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token) !== null).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the profile picture when there is one; Escape closes the menu', async () => {
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    http.onPost(api('/get-user-info/')).reply(200, sampleUser({ picture_url: 'abc.png' }));
    const { container } = renderAccount(<AccountMenu />);
    const avatar = await screen.findByRole('button', { name: /Account menu/ });
    await waitFor(() => {
      expect(container.querySelector('img')).toHaveAttribute('src', 'http://api.test/uploads/abc.png');
    });
    const user = userEvent.setup();
    await user.click(avatar);
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(avatar).toHaveFocus();
  });
});
