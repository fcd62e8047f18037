import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { AccountProvider } from '../app/account-provider';
import { createAccountStore } from '../app/account-store';
import { ProfilePage } from '../profile/profile-page';
import { recordingNotifier, sampleUser, TEST_CONFIG, validToken } from '../testing/fakes';
import { api, http } from '../testing/render-account';
import { logoutRequested } from './session-actions';

const PROMPT = 'Sign in to see your profile';

beforeEach(() => {
  http.reset();
  localStorage.clear();
});

/** Every heading text the page ever drew, however briefly. */
function recordHeadings(root: HTMLElement): { seen: string[]; stop: () => void } {
  const seen: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLElement)
          for (const heading of node.matches('h1') ? [node] : Array.from(node.querySelectorAll('h1')))
            seen.push(heading.textContent);
  });
  observer.observe(root, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('logout from the profile page', () => {
  it('Home replaces the profile, without the signed-out prompt drawn in between', async () => {
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    http.onPost(api('/get-user-info/')).reply(200, sampleUser());
    http.onGet(api('/api/balance')).reply(200, { balance: 5, currency: 'coins', updated_at: '2026-01-01T00:00:00Z' });
    http.onPost(api('/api/logout')).reply(200, { detail: 'Logged out' });
    // The real navigation (session/navigation.ts), as in the site: only the toasts are recorded.
    const store = createAccountStore({ config: TEST_CONFIG, services: { notify: recordingNotifier() } });
    const { container } = render(
      <MemoryRouter initialEntries={['/profile']}>
        <AccountProvider config={TEST_CONFIG} store={store}>
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/profile" element={<ProfilePage />} />
          </Routes>
        </AccountProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();

    const headings = recordHeadings(container);
    act(() => {
      store.dispatch(logoutRequested());
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await act(async () => {
      await Promise.resolve();
    });
    headings.stop();

    expect(headings.seen).not.toContain(PROMPT);
    expect(screen.queryByRole('heading', { name: PROMPT })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});

describe('logout while already on Home', () => {
  it('adds no history entry: Back still leads to the page before Home', async () => {
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    http.onPost(api('/get-user-info/')).reply(200, sampleUser());
    http.onPost(api('/api/logout')).reply(200, { detail: 'Logged out' });
    const store = createAccountStore({ config: TEST_CONFIG, services: { notify: recordingNotifier() } });
    let goBack: (() => void) | undefined;
    function BackButton() {
      const navigate = useNavigate();
      goBack = () => void navigate(-1);
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/all-games', '/']} initialIndex={1}>
        <AccountProvider config={TEST_CONFIG} store={store}>
          <BackButton />
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/all-games" element={<h1>All Games</h1>} />
          </Routes>
        </AccountProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();

    act(() => {
      store.dispatch(logoutRequested());
    });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();

    act(() => goBack?.());
    expect(await screen.findByRole('heading', { name: 'All Games' })).toBeInTheDocument();
  });
});
