/**
 * @jest-environment jsdom
 */
import { GAMES, LIBRARY_STORAGE_KEYS } from '@portal/shared-contracts';
import { getLibrary, markPlayed, on, replaceLibrary, setFavourite, subscribeLibrary } from '../src';

const [first, second] = GAMES;
const at = new Date('2026-11-28T10:00:00.000Z');

beforeEach(() => {
  localStorage.clear();
});

describe("the player's library in this browser", () => {
  test('the same object while nothing changed, a new one after a change', () => {
    const before = getLibrary();
    expect(getLibrary()).toBe(before);
    setFavourite(first!.id, true, at);
    const after = getLibrary();
    expect(after).not.toBe(before);
    expect(after.favourites).toEqual([{ gameId: first!.id, at: at.toISOString() }]);
    expect(getLibrary()).toBe(after);
  });

  test('a heart and a play tell every part on the bus; an unknown game changes nothing', () => {
    const heard: string[] = [];
    const offs = [
      on('library:favourite-changed', ({ gameId, favourite }) => heard.push(`heart ${gameId} ${favourite}`)),
      on('library:game-played', ({ gameId }) => heard.push(`played ${gameId}`)),
      on('library:changed', ({ source }) => heard.push(`changed ${source}`)),
    ];
    setFavourite(first!.id, true, at);
    markPlayed(second!.id, at);
    setFavourite(999_999, true, at);
    replaceLibrary({ favourites: [], recentlyPlayed: [] });
    offs.forEach((off) => off());
    expect(heard).toEqual([`heart ${first!.id} true`, 'changed local', `played ${second!.id}`, 'changed local', 'changed sync']);
    expect(getLibrary()).toEqual({ favourites: [], recentlyPlayed: [] });
  });

  test("subscribers hear this tab's changes and other tabs' writes, until they leave", () => {
    const listener = jest.fn();
    const off = subscribeLibrary(listener);
    markPlayed(first!.id, at);
    window.dispatchEvent(new StorageEvent('storage', { key: LIBRARY_STORAGE_KEYS.favourites }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).toHaveBeenCalledTimes(2);
    off();
    markPlayed(second!.id, at);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  test('stored text that is not a library reads as empty', () => {
    localStorage.setItem(LIBRARY_STORAGE_KEYS.favourites, '{not json');
    expect(getLibrary().favourites).toEqual([]);
  });
});
