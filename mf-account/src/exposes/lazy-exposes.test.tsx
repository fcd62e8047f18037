import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter } from 'react-router-dom';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { emit, on } from '@portal/runtime';
import { sampleUser, TEST_CONFIG, validToken } from '../testing/fakes';
import { browserTokens } from '../api/token-store';
import type * as ModalInbox from '../auth/modal-inbox';

/** What the header slot and the modal host must not load until a dialog opens or a token is stored. */
const HEAVY = ['axios', 'redux', '@reduxjs/toolkit', 'redux-saga', 'react-redux', 'react-google-recaptcha'];

describe('the exposes on every page start small (decision 0015)', () => {
  it.each(['./account-menu', './modal-host'])('%s imports no store, saga, axios or dialog code up front', (expose) => {
    jest.isolateModules(() => {
      for (const name of HEAVY) {
        jest.doMock(name, () => {
          throw new Error(`${name} was loaded by ${expose} up front`);
        });
      }
      // Evaluating the module runs its static imports; the lazy ones wait for a render.
      expect(() => {
        jest.requireActual(expose);
      }).not.toThrow();
    });
    for (const name of HEAVY) jest.dontMock(name);
  });
});

describe('asks made before the modal host has loaded (decision 0049)', () => {
  it('the header slot alone listens: an ask made before the modal host module loads waits for it', () => {
    jest.isolateModules(() => {
      jest.requireActual('./account-menu');
      const inbox = jest.requireActual<typeof ModalInbox>('../auth/modal-inbox');
      emit('modal:open', { kind: 'sign_in' });
      expect(inbox.modalAskWaiting()).toBe(true);
    });
  });
});

describe('header slot and modal host, lazily loaded', () => {
  const http = new MockAdapter(axios);
  beforeEach(() => {
    http.reset();
    localStorage.clear();
    // The account store is one per page: close what an earlier test left open.
    emit('modal:close', {});
  });

  const renderPage = async (path = '/') => {
    const { default: AccountMenu } = await import('./account-menu');
    const { default: ModalHost } = await import('./modal-host');
    return render(
      <MemoryRouter initialEntries={[path]}>
        <AccountMenu config={TEST_CONFIG} />
        <ModalHost config={TEST_CONFIG} />
      </MemoryRouter>,
    );
  };

  it("signed out: the buttons ask the part's own inbox (nothing on the bus), and the host loads and opens the dialog", async () => {
    await renderPage();
    const onBus: string[] = [];
    const off = on('modal:open', ({ kind }) => onBus.push(kind));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    off();
    // The bus is between parts: the click's ask went straight to the inbox, synchronously.
    expect(onBus).toEqual([]);
    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('another part asks on the bus: the host loads and opens the dialog', async () => {
    await renderPage();
    act(() => {
      emit('modal:open', { kind: 'sign_in' });
    });
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('Sign Up clicked before the modal host is mounted (the account part still loading): the dialog opens once it is, once', async () => {
    const { default: AccountMenu } = await import('./account-menu');
    const { default: ModalHost } = await import('./modal-host');
    const header = render(
      <MemoryRouter>
        <AccountMenu config={TEST_CONFIG} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const host = render(
      <MemoryRouter>
        <ModalHost config={TEST_CONFIG} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeInTheDocument();
    act(() => {
      emit('modal:close', {});
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The ask was taken: a host mounted again (a Retry) does not open it a second time.
    host.unmount();
    const { modalAskWaiting } = await import('../auth/modal-inbox');
    render(
      <MemoryRouter>
        <ModalHost config={TEST_CONFIG} />
      </MemoryRouter>,
    );
    // Nothing waits in the inbox, so the new host has nothing to hand on; the dialogs' chunk is
    // loaded already, so an ask it took would have opened its dialog within render()'s act.
    expect(modalAskWaiting()).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    header.unmount();
  });

  it('an ask older than ten seconds when the host arrives opens nothing', async () => {
    const { default: AccountMenu } = await import('./account-menu');
    const { default: ModalHost } = await import('./modal-host');
    const { MODAL_ASK_TTL_MS, modalAskWaiting } = await import('../auth/modal-inbox');
    render(
      <MemoryRouter>
        <AccountMenu config={TEST_CONFIG} />
      </MemoryRouter>,
    );
    const clickedAt = Date.now();
    const now = jest.spyOn(Date, 'now').mockReturnValue(clickedAt);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    now.mockReturnValue(clickedAt + MODAL_ASK_TTL_MS);
    render(
      <MemoryRouter>
        <ModalHost config={TEST_CONFIG} />
      </MemoryRouter>,
    );
    // The loaded host looked at the ask (nothing waits any more) and let it go.
    await waitFor(() => {
      expect(modalAskWaiting()).toBe(false);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    now.mockRestore();
  });

  it('#signin opens the sign-in dialog', async () => {
    await renderPage('/#signin');
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
  });

  /** A sign-in in another tab (or, on a first render, a stored session: both paths load the menu). */
  const signInElsewhere = () => {
    act(() => {
      localStorage.setItem(STORAGE_KEYS.token, validToken());
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });
  };

  it('signed in: the avatar menu replaces the buttons, which stay laid out (hidden) so the width holds', async () => {
    http.onPost(`${TEST_CONFIG.accountApiUrl}/get-user-info/`).reply(200, sampleUser());
    const { container } = await renderPage();
    signInElsewhere();
    expect(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }, { timeout: 4000 })).toBeInTheDocument();
    const slot = within(container.querySelector<HTMLElement>('.acc-slot')!);
    expect(slot.queryByRole('button', { name: 'Sign In' })).toBeNull();
    const hidden = container.querySelector('.acc-menu-buttons');
    expect(hidden).toHaveAttribute('aria-hidden', 'true');
    expect(hidden).toHaveAttribute('inert');
  });

  it('follows the token store, the one source of "signed in" (a sign-out elsewhere on the page)', async () => {
    http.onPost(`${TEST_CONFIG.accountApiUrl}/get-user-info/`).reply(200, sampleUser());
    const { container } = await renderPage();
    signInElsewhere();
    await screen.findByRole('button', { name: /Account menu/ }, { timeout: 4000 });
    act(() => {
      browserTokens().remove();
    });
    const slot = within(container.querySelector<HTMLElement>('.acc-slot')!);
    await waitFor(() => {
      expect(slot.getByRole('button', { name: 'Sign In' })).toBeVisible();
    });
  });
});
