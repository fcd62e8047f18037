import { STORAGE_KEYS } from 'shared-contracts';
import { decodeJwtClaims, isTokenExpired, tokenExpiresAt } from 'shared-contracts/account';
import { fakeJwt } from '../testing/fakes';
import { ARRIVAL_LIMIT_MS, locationCommitted, navigateTo, registerNavigator } from './navigation';
import { createTokenStore } from '../api/token-store';

describe('JWT expiry helpers (shared-contracts session.ts)', () => {
  it('reads exp from a JWT', () => {
    expect(tokenExpiresAt(fakeJwt(1_700_000_000))).toBe(1_700_000_000_000);
    expect(decodeJwtClaims(fakeJwt(1, { name: 'Zoë' }))?.name).toBe('Zoë');
  });

  it('is expired once exp has passed', () => {
    const token = fakeJwt(1000);
    expect(isTokenExpired(token, 999_999)).toBe(false);
    expect(isTokenExpired(token, 1_000_000)).toBe(true);
  });

  it('treats non-JWTs and tokens without exp as not expiring', () => {
    for (const token of [
      '',
      'opaque',
      'a.b',
      'a.!!!.c',
      `x.${Buffer.from('[1]').toString('base64url')}.y`,
      `x.${Buffer.from('{"exp":"soon"}').toString('base64url')}.y`,
    ]) {
      expect(tokenExpiresAt(token)).toBeNull();
      expect(isTokenExpired(token, Date.now())).toBe(false);
    }
  });
});

describe('token storage', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('stores, reads and removes the session tokens; clearAll empties local storage', () => {
    const tokens = createTokenStore(localStorage);
    tokens.save({ access_token: 'a', refresh_token: 'r' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('a');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r');
    expect(tokens.readAccess()).toBe('a');
    expect(tokens.readRefresh()).toBe('r');
    localStorage.setItem(STORAGE_KEYS.gameId, '7');
    tokens.remove();
    expect(tokens.readAccess()).toBeNull();
    expect(tokens.readRefresh()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.gameId)).toBe('7');
    tokens.clearAll();
    expect(localStorage.length).toBe(0);
  });

  it('reads a blank token as signed out, and survives a broken storage', () => {
    localStorage.setItem(STORAGE_KEYS.token, '  ');
    expect(createTokenStore(localStorage).readAccess()).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      clear: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(createTokenStore(broken).readAccess()).toBeNull();
    expect(() => {
      createTokenStore(broken).clearAll();
    }).not.toThrow();
  });
});

describe('navigation registry', () => {
  it('queues a request made before any router registered, then uses the latest', () => {
    void navigateTo('/');
    const first = jest.fn();
    const unregisterFirst = registerNavigator(first);
    expect(first).toHaveBeenCalledWith('/');
    const second = jest.fn();
    const unregisterSecond = registerNavigator(second);
    void navigateTo('/profile');
    expect(second).toHaveBeenCalledWith('/profile');
    unregisterSecond();
    void navigateTo('/x');
    expect(first).toHaveBeenLastCalledWith('/x');
    unregisterFirst();
    locationCommitted('/profile');
    locationCommitted('/x');
  });

  it('resolves once that location is committed, or after the limit when none is', async () => {
    jest.useFakeTimers();
    const unregister = registerNavigator(jest.fn());
    const arrived = jest.fn();
    void navigateTo('/').then(arrived);
    locationCommitted('/profile');
    await Promise.resolve();
    expect(arrived).not.toHaveBeenCalled();
    locationCommitted('/');
    await Promise.resolve();
    expect(arrived).toHaveBeenCalledTimes(1);

    const gaveUp = jest.fn();
    void navigateTo('/nowhere').then(gaveUp);
    jest.advanceTimersByTime(ARRIVAL_LIMIT_MS - 1);
    await Promise.resolve();
    expect(gaveUp).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(gaveUp).toHaveBeenCalledTimes(1);
    unregister();
    jest.useRealTimers();
  });
});
