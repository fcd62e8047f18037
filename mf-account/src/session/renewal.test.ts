import { expectSaga } from 'redux-saga-test-plan';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { INFO_TOASTS } from '@portal/shared-contracts/account';
import { fakeJwt, fakeServices } from '../testing/fakes';
import { RENEW_AHEAD_MAX_MS, renewalDelay, renewTokens } from './renewal';
import { sessionEnded, sessionRenewed } from './session-actions';
import { renewalSaga } from './session-sagas';

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** An access token issued `ageSeconds` ago that lives `lifetimeSeconds`. */
const accessToken = (ageSeconds: number, lifetimeSeconds: number, sub = '1') =>
  fakeJwt(nowSeconds() - ageSeconds + lifetimeSeconds, { iat: nowSeconds() - ageSeconds, sub });
const pair = (access: string, refresh: string) => ({ access_token: access, refresh_token: refresh, token_type: 'bearer' });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('renewalDelay', () => {
  it('renews a minute before expiry, or a fifth of a short lifetime before', () => {
    const now = 1_000_000_000_000;
    const hour = fakeJwt(now / 1000 + 3600, { iat: now / 1000 });
    expect(renewalDelay(hour, now)).toBe(3600_000 - RENEW_AHEAD_MAX_MS);
    const short = fakeJwt(now / 1000 + 20, { iat: now / 1000 });
    expect(renewalDelay(short, now)).toBe(16_000);
    expect(renewalDelay(fakeJwt(now / 1000 + 3600), now)).toBe(3600_000 - RENEW_AHEAD_MAX_MS);
  });

  it('is due at once past the renewal point, and never for a token without exp', () => {
    expect(renewalDelay(accessToken(3590, 3600), Date.now())).toBe(0);
    expect(renewalDelay('opaque', Date.now())).toBeNull();
  });
});

describe('renewTokens', () => {
  it('trades the refresh token for a new pair and stores it (rotation)', async () => {
    localStorage.setItem(STORAGE_KEYS.token, accessToken(3590, 3600));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const { services, http } = fakeServices();
    const renewed = accessToken(0, 3600);
    http.onPost('/api/refresh-token').reply(200, pair(renewed, 'refresh-2'));
    await expect(renewTokens(services)).resolves.toBe('renewed');
    expect(JSON.parse(String(http.history.post[0]?.data))).toEqual({ refresh_token: 'refresh-1' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(renewed);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it.each([
    [401, 'refused'],
    [400, 'refused'],
    [429, 'unavailable'],
    [503, 'unavailable'],
  ] as const)('answered %i: %s, the stored tokens untouched', async (status, outcome) => {
    const token = accessToken(3590, 3600);
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const { services, http, onSessionRejected } = fakeServices();
    http.onPost('/api/refresh-token').reply(status, { detail: 'Invalid or expired refresh token' });
    await expect(renewTokens(services)).resolves.toBe(outcome);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    // Not a call made with the bearer token: the interceptor's rejected-session path stays out of it.
    expect(onSessionRejected).not.toHaveBeenCalled();
  });

  it('no answer: unavailable', async () => {
    localStorage.setItem(STORAGE_KEYS.token, accessToken(3590, 3600));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const { services, http } = fakeServices();
    http.onPost('/api/refresh-token').networkError();
    await expect(renewTokens(services)).resolves.toBe('unavailable');
  });

  it('two tabs due at once present the refresh token once: only the holder of the one lock renews', async () => {
    localStorage.setItem(STORAGE_KEYS.token, accessToken(3590, 3600));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    // Web Locks as browsers share them across tabs: the first request holds the lock while its
    // task runs (the leader keeps it until the tab closes); the next waits.
    const held = new Set<string>();
    const requests: string[] = [];
    const locks = {
      request: (name: string, task: () => Promise<unknown>) => {
        requests.push(name);
        if (held.has(name)) return new Promise(() => undefined);
        held.add(name);
        return task();
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      // Two tabs: two copies of the module, each with its own idea of whether it leads.
      type Renewal = typeof import('./renewal');
      const tabs: Renewal[] = [];
      jest.isolateModules(() => tabs.push(jest.requireActual<Renewal>('./renewal')));
      jest.isolateModules(() => tabs.push(jest.requireActual<Renewal>('./renewal')));
      const { services, http } = fakeServices();
      http.onPost('/api/refresh-token').reply(200, pair(accessToken(0, 3600), 'refresh-2'));
      const outcomes = await Promise.all(tabs.map((tab) => tab.renewTokens(services)));
      expect(outcomes).toEqual(['renewed', 'follower']);
      expect(http.history.post).toHaveLength(1);
      // One lock in all: the leader's.
      expect(new Set(requests)).toEqual(new Set(['mf-account:token-renewal-leader']));
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });
});

describe('renewalSaga', () => {
  it('renews a token that is due and reports it', async () => {
    localStorage.setItem(STORAGE_KEYS.token, accessToken(3590, 3600));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const { services, http } = fakeServices();
    http.onPost('/api/refresh-token').reply(200, pair(accessToken(0, 3600), 'refresh-2'));
    await expectSaga(renewalSaga, services).put(sessionRenewed()).silentRun(100);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(services.notify.info).not.toHaveBeenCalled();
  });

  it("a refused renewal (refresh token expired or revoked) is the product's expiry: toast, storage cleared, home", async () => {
    localStorage.setItem(STORAGE_KEYS.token, accessToken(3590, 3600));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    localStorage.setItem(STORAGE_KEYS.gameId, '7');
    const { services, http } = fakeServices();
    http.onPost('/api/refresh-token').reply(401, { detail: 'Invalid or expired refresh token' });
    await expectSaga(renewalSaga, services)
      .call(services.notify.info, INFO_TOASTS.sessionExpired, { autoClose: 3000, toastId: 'session-expired' })
      .put(sessionEnded({ reason: 'expired' }))
      .call(services.navigate, '/')
      .silentRun(100);
    expect(localStorage.length).toBe(0);
  });

  it('waits while the token is fresh', async () => {
    localStorage.setItem(STORAGE_KEYS.token, accessToken(0, 3600));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const { services, http } = fakeServices();
    await expectSaga(renewalSaga, services).not.put.actionType(sessionRenewed.type).silentRun(100);
    expect(http.history.post).toHaveLength(0);
  });

  it('without a refresh token, the session simply expires at exp', async () => {
    localStorage.setItem(STORAGE_KEYS.token, fakeJwt(nowSeconds() + 1, { iat: nowSeconds() - 100 }));
    const { services, http } = fakeServices();
    await expectSaga(renewalSaga, services)
      .put(sessionEnded({ reason: 'expired' }))
      .silentRun(1500);
    expect(http.history.post).toHaveLength(0);
  });
});

describe('a browser clock that runs ahead of the server', () => {
  it('is measured on the fresh token, so renewal is not repeated in a loop', async () => {
    // This browser's clock is 59 minutes ahead: the token the server just issued looks nearly spent.
    const ahead = 59 * 60 * 1000;
    const serverNow = nowSeconds();
    localStorage.setItem(STORAGE_KEYS.token, fakeJwt(serverNow + 3570, { iat: serverNow - 30 }));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const { services, http } = fakeServices({ now: () => Date.now() + ahead });
    http.onPost('/api/refresh-token').reply(() => [200, pair(fakeJwt(serverNow + 3600, { iat: serverNow }), 'refresh-2')]);
    await expectSaga(renewalSaga, services).put(sessionRenewed()).silentRun(300);
    expect(http.history.post).toHaveLength(1);
  });
});
