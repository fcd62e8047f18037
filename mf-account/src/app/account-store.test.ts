import { waitFor } from '@testing-library/react';
import axios from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { INFO_TOASTS, SUCCESS_TOASTS } from '@portal/shared-contracts/account';
import { on } from '@portal/runtime';
import { expiredToken, recordingNotifier, sampleUser, TEST_CONFIG, validToken } from '../testing/fakes';
import { logoutRequested, signin } from '../session/session-actions';
import { SESSION_CHECK_INTERVAL_MS } from '../session/session-sagas';
import { upload, userInfo } from '../profile/profile-actions';
import { createAccountStore } from './account-store';

// Instances made by axios.create inherit the default adapter, so this mocks the store's client.
const http = new MockAdapter(axios);

function makeStore() {
  const notify = recordingNotifier();
  const navigate = jest.fn();
  const librarySync = { signedIn: jest.fn() };
  const store = createAccountStore({ config: TEST_CONFIG, services: { notify, navigate, librarySync } });
  return { store, notify, navigate, librarySync };
}

beforeEach(() => {
  http.reset();
  localStorage.clear();
  sessionStorage.clear();
});

describe('account store wiring', () => {
  it('on load with an expired token: toast, storage cleared, signed out, home', () => {
    localStorage.setItem(STORAGE_KEYS.token, expiredToken());
    const { notify, navigate } = makeStore();
    expect(localStorage.getItem(STORAGE_KEYS.token) !== null).toBe(false);
    expect(notify.info).toHaveBeenCalledWith(INFO_TOASTS.sessionExpired, expect.objectContaining({ autoClose: 3000 }));
    expect(navigate).toHaveBeenCalledWith('/');
    expect(localStorage.length).toBe(0);
    expect(http.history.post).toHaveLength(0);
  });

  it('on load with a valid token: signed in and the user fetched with the bearer header', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'header.payload.sig');
    http.onPost('http://api.test/get-user-info/').reply(200, sampleUser());
    const { store } = makeStore();
    expect(localStorage.getItem(STORAGE_KEYS.token) !== null).toBe(true);
    await waitFor(() => expect(store.getState().profile.user?.username).toBe('ada'));
    expect(http.history.post[0]?.headers?.Authorization).toBe('Bearer header.payload.sig');
  });

  it("the session watcher's backstop tick expires a token past exp that changed without a storage event", async () => {
    jest.useFakeTimers();
    try {
      localStorage.setItem(STORAGE_KEYS.token, validToken());
      http.onPost('http://api.test/get-user-info/').reply(200, sampleUser());
      const { notify, navigate } = makeStore();
      localStorage.setItem(STORAGE_KEYS.token, expiredToken());
      await jest.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1000);
      expect(notify.info).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1000);
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(notify.info).toHaveBeenCalledWith(INFO_TOASTS.sessionExpired, expect.anything());
      expect(navigate).toHaveBeenCalledWith('/');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a sign-in in another tab loads the player here (the session tells, the profile answers)', async () => {
    http.onPost('http://api.test/get-user-info/').reply(200, sampleUser());
    const { store } = makeStore();
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    // (Stores of earlier tests listen to the same window, so only this store's state is looked at.)
    await waitFor(() => expect(store.getState().profile.user?.username).toBe('ada'));
  });

  it('a 401/403 on an authenticated call clears all local storage and goes home', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'header.payload.sig');
    localStorage.setItem(STORAGE_KEYS.gameId, '5');
    http.onPost('http://api.test/get-user-info/').reply(403, { detail: 'Forbidden' });
    const { navigate } = makeStore();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(localStorage.length).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.token) !== null).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('sign-in announces the session on the shared event bus and tells the library sync; logout too', async () => {
    http.onPost('http://api.test/login/').reply(200, { access_token: 'a.b.c', refresh_token: 'r', token_type: 'bearer' });
    http.onPost('http://api.test/get-user-info/').reply(200, sampleUser());
    const seen: boolean[] = [];
    const off = on('session:changed', ({ signedIn }) => seen.push(signedIn));
    const { store, notify, navigate, librarySync } = makeStore();
    store.dispatch(signin.pending({ username: 'ada', password: 'pw', captcha_token: 't' }));
    await waitFor(() => expect(store.getState().profile.user?.username).toBe('ada'));
    expect(localStorage.getItem(STORAGE_KEYS.token) !== null).toBe(true);
    expect(notify.success).toHaveBeenCalledWith(SUCCESS_TOASTS.signin);
    expect(librarySync.signedIn).toHaveBeenCalledTimes(1);
    store.dispatch(logoutRequested());
    expect(localStorage.getItem(STORAGE_KEYS.token) !== null).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenLastCalledWith('/');
    expect(seen).toEqual([true, false]);
    expect(librarySync.signedIn).toHaveBeenCalledTimes(1);
    off();
  });

  it('picture chain: upload → name → save_picture → refetch user → toast', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'header.payload.sig');
    http.onPost('http://api.test/api/upload').reply(200, { name: 'abc.png' });
    http.onPost('http://api.test/api/save_picture').reply(200, sampleUser({ picture_url: 'abc.png' }));
    http
      .onPost('http://api.test/get-user-info/')
      .replyOnce(200, sampleUser())
      .onPost('http://api.test/get-user-info/')
      .reply(200, sampleUser({ picture_url: 'abc.png' }));
    const { store, notify } = makeStore();
    await waitFor(() => expect(store.getState().profile.user?.username).toBe('ada'));
    store.dispatch(upload.pending(new File(['x'], 'me.png', { type: 'image/png' })));
    await waitFor(() => expect(store.getState().profile.user?.picture_url).toBe('abc.png'));
    expect(http.history.post.map((r) => r.url)).toEqual([
      '/get-user-info/',
      '/api/upload',
      '/api/save_picture',
      '/get-user-info/',
    ]);
    expect(http.history.post[2]?.params).toEqual({ picture_url: 'abc.png' });
    expect(store.getState().profile.user?.picture_url).toBe('abc.png');
    expect(store.getState().profile.savePicture.success).toBe(true);
    expect(notify.success).toHaveBeenCalledWith(SUCCESS_TOASTS.profileUpdated);
    expect(store.getState().profile.upload.success).toBe(true);
    // A later refresh keeps working.
    store.dispatch(userInfo.pending());
    expect(store.getState().profile.loading).toBe(true);
    await waitFor(() => expect(store.getState().profile.loading).toBe(false));
  });
});
