import { expectSaga } from 'redux-saga-test-plan';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { INFO_TOASTS } from '@portal/shared-contracts/account';
import { playerChanged, sessionEnded, sessionRenewed, sessionSynced } from './session-actions';
import { expiredToken, fakeJwt, fakeServices, validToken } from '../testing/fakes';
import {
  announceSessionSaga,
  logoutSaga,
  renewalSaga,
  SESSION_EXPIRED_TOAST_MS,
  sessionRejectedSaga,
  syncAcrossTabsSaga,
} from './session-sagas';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** Already signed out: the saga ends no session and goes nowhere. */
async function expectNothingWhenSignedOut(saga: typeof logoutSaga | typeof sessionRejectedSaga) {
  const { services } = fakeServices();
  await expectSaga(saga, services).not.put.actionType(sessionEnded.type).run();
  expect(services.navigate).not.toHaveBeenCalled();
}

describe('logoutSaga', () => {
  it('goes to /, removes the tokens, ends the session, then revokes the session on the server', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    localStorage.setItem(STORAGE_KEYS.gameId, '7');
    const { services, http } = fakeServices();
    http.onPost('/api/logout').reply(200, { detail: 'Logged out' });
    await expectSaga(logoutSaga, services)
      .call(services.navigate, '/')
      .put(sessionEnded({ reason: 'logout' }))
      .call(services.api.logout, { refresh_token: 'r' })
      .run();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.gameId)).toBe('7');
    expect(http.history.post.map((r) => [r.url, JSON.parse(String(r.data)) as unknown])).toEqual([
      ['/api/logout', { refresh_token: 'r' }],
    ]);
  });

  it.each([
    ['the server fails', (h: ReturnType<typeof fakeServices>['http']) => h.onPost('/api/logout').reply(500, {})],
    ['nothing answers', (h: ReturnType<typeof fakeServices>['http']) => h.onPost('/api/logout').networkError()],
  ])('%s: the local logout happens all the same, without an error toast', async (_name, reply) => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    const { services, http } = fakeServices();
    reply(http);
    await expectSaga(logoutSaga, services)
      .put(sessionEnded({ reason: 'logout' }))
      .call(services.navigate, '/')
      .run();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(services.notify.error).not.toHaveBeenCalled();
  });

  it('does nothing when already signed out', async () => {
    await expectNothingWhenSignedOut(logoutSaga);
  });
});

describe('the session watcher on start (product §4 expiry)', () => {
  it('an expired token: 3 s toast, home, both storages cleared, session ended', async () => {
    localStorage.setItem(STORAGE_KEYS.token, expiredToken());
    localStorage.setItem(STORAGE_KEYS.gameId, '7');
    sessionStorage.setItem('anything', 'x');
    const { services } = fakeServices();
    await expectSaga(renewalSaga, services)
      .call(services.notify.info, INFO_TOASTS.sessionExpired, { autoClose: SESSION_EXPIRED_TOAST_MS, toastId: 'session-expired' })
      .put(sessionEnded({ reason: 'expired' }))
      .call(services.navigate, '/')
      .silentRun(50);
    expect(SESSION_EXPIRED_TOAST_MS).toBe(3000);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('a valid token, a token without exp, or no token: nothing happens', async () => {
    const { services } = fakeServices();
    for (const token of [validToken(), 'opaque-token', null]) {
      if (token) localStorage.setItem(STORAGE_KEYS.token, token);
      else localStorage.clear();
      await expectSaga(renewalSaga, services).not.put.actionType(sessionEnded.type).silentRun(50);
    }
    expect(services.notify.info).not.toHaveBeenCalled();
  });

  it('uses the injected clock', async () => {
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    const { services } = fakeServices({ now: () => Date.now() + 2 * 3600 * 1000 });
    await expectSaga(renewalSaga, services)
      .put(sessionEnded({ reason: 'expired' }))
      .silentRun(50);
  });
});

describe('sessionRejectedSaga (401/403 on an authenticated call)', () => {
  it('clears all local storage and goes to /', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.gameName, 'x');
    const { services } = fakeServices();
    await expectSaga(sessionRejectedSaga, services)
      .put(sessionEnded({ reason: 'rejected' }))
      .call(services.navigate, '/')
      .run();
    expect(localStorage.length).toBe(0);
  });

  it('a second rejection after the first does not navigate again', async () => {
    await expectNothingWhenSignedOut(sessionRejectedSaga);
  });
});

describe('announceSessionSaga', () => {
  it('tells the event bus the current session state', async () => {
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    const { services } = fakeServices();
    await expectSaga(announceSessionSaga, services).call(services.announceSession, true).run();
  });
});

describe('syncAcrossTabsSaga (storage events)', () => {
  const storageEvent = (key: string | null) => new StorageEvent('storage', { key });
  /** The saga watching a fake storage-event source, with the session signed in or out. */
  const watchTabs = (signedIn: boolean) => {
    if (signedIn && localStorage.getItem(STORAGE_KEYS.token) === null) localStorage.setItem(STORAGE_KEYS.token, validToken());
    const target = new EventTarget();
    const { services } = fakeServices({ storageEvents: target });
    return { target, saga: expectSaga(syncAcrossTabsSaga, services) };
  };

  it('another tab signing in: synced and the user loaded', async () => {
    const { target, saga } = watchTabs(false);
    const run = saga
      .put(sessionSynced({ signedIn: true }))
      .put(playerChanged())
      .silentRun(50);
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    target.dispatchEvent(storageEvent(STORAGE_KEYS.token));
    await run;
  });

  it('another tab renewing the same player: the renewal is rescheduled, the player is not reloaded', async () => {
    localStorage.setItem(STORAGE_KEYS.token, fakeJwt(Math.floor(Date.now() / 1000) + 60, { sub: '1' }));
    const { target, saga } = watchTabs(true);
    const run = saga
      .put(sessionRenewed())
      .not.put.actionType(playerChanged.type)
      .not.put.actionType(sessionSynced.type)
      .silentRun(50);
    localStorage.setItem(STORAGE_KEYS.token, fakeJwt(Math.floor(Date.now() / 1000) + 3600, { sub: '1' }));
    target.dispatchEvent(storageEvent(STORAGE_KEYS.token));
    await run;
  });

  it('another tab signing in as someone else: the player is reloaded', async () => {
    localStorage.setItem(STORAGE_KEYS.token, fakeJwt(Math.floor(Date.now() / 1000) + 60, { sub: '1' }));
    const { target, saga } = watchTabs(true);
    const run = saga.put(playerChanged()).silentRun(50);
    localStorage.setItem(STORAGE_KEYS.token, fakeJwt(Math.floor(Date.now() / 1000) + 3600, { sub: '2' }));
    target.dispatchEvent(storageEvent(STORAGE_KEYS.token));
    await run;
  });

  it('another tab logging out or clearing storage: synced signed out', async () => {
    const { target, saga } = watchTabs(true);
    const run = saga.put(sessionSynced({ signedIn: false })).silentRun(50);
    localStorage.clear();
    target.dispatchEvent(storageEvent(null));
    await run;
  });

  it('ignores other keys', async () => {
    const { target, saga } = watchTabs(false);
    const run = saga.not.put.actionType(sessionSynced.type).silentRun(50);
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    target.dispatchEvent(storageEvent(STORAGE_KEYS.gameId));
    await run;
  });
});
