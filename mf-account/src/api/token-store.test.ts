import { STORAGE_KEYS } from '@portal/shared-contracts';
import { createTokenStore } from './token-store';

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
