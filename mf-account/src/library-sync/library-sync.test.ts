import { mergeLibraries, type PlayerLibrary } from '@portal/shared-contracts';
import { emit, getLibrary, markPlayed, setFavourite } from '@portal/runtime';
import { createLibrarySync, type LibraryTransport } from './library-sync';

/** An account on a fake server: the same merge rule as the API. */
function fakeAccount(initial: PlayerLibrary = { favourites: [], recentlyPlayed: [] }) {
  let account = initial;
  const calls: string[] = [];
  const transport: LibraryTransport = {
    merge: (token, library) => {
      calls.push(`merge:${token}`);
      account = mergeLibraries(account, library);
      return Promise.resolve(account);
    },
    replace: (token, library) => {
      calls.push(`replace:${token}`);
      account = library;
      return Promise.resolve(account);
    },
  };
  return { transport, calls, account: () => account };
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
let token: string | null = null;
const syncs: Array<ReturnType<typeof createLibrarySync>> = [];
const start = (transport: LibraryTransport) => {
  const sync = createLibrarySync({ baseURL: 'http://api.test', readToken: () => token, transport });
  syncs.push(sync);
  return sync;
};

beforeEach(() => {
  localStorage.clear();
  token = null;
});
afterEach(() => syncs.splice(0).forEach((sync) => sync.stop()));

test('signed out, nothing is sent', async () => {
  const server = fakeAccount();
  const sync = start(server.transport);
  setFavourite(5, true);
  markPlayed(6);
  await sync.idle();
  expect(server.calls).toEqual([]);
});

test('on sign-in the browser lists and the account lists are merged, both ways', async () => {
  const server = fakeAccount({ favourites: [{ gameId: 7, at: at(1) }], recentlyPlayed: [] });
  const sync = start(server.transport);
  setFavourite(5, true);
  token = 'access-1';
  // The bus's session event is for the other parts: the account's store tells the sync itself.
  emit('session:changed', { signedIn: true });
  await sync.idle();
  expect(server.calls).toEqual([]);
  sync.signedIn();
  await sync.idle();
  expect(server.calls).toEqual(['merge:access-1']);
  expect(
    server
      .account()
      .favourites.map((e) => e.gameId)
      .sort(),
  ).toEqual([5, 7]);
  expect(
    getLibrary()
      .favourites.map((e) => e.gameId)
      .sort(),
  ).toEqual([5, 7]);
});

test('already signed in at start-up: merges at once (a second device picks up the account)', async () => {
  const server = fakeAccount({ favourites: [{ gameId: 7, at: at(1) }], recentlyPlayed: [{ gameId: 6, at: at(2) }] });
  token = 'access-2';
  const sync = start(server.transport);
  await sync.idle();
  expect(getLibrary()).toEqual(server.account());
});

test('while signed in, plays and hearts are merged and a removed heart replaces the lists', async () => {
  const server = fakeAccount();
  token = 'access-3';
  const sync = start(server.transport);
  await sync.idle();
  markPlayed(6);
  setFavourite(5, true);
  await sync.idle();
  expect(server.account().favourites.map((e) => e.gameId)).toEqual([5]);
  expect(server.account().recentlyPlayed.map((e) => e.gameId)).toEqual([6]);
  setFavourite(5, false);
  await sync.idle();
  expect(server.calls.at(-1)).toBe('replace:access-3');
  expect(server.account().favourites).toEqual([]);
});

test('a failing API leaves the browser library as it was', async () => {
  token = 'access-4';
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const failing: LibraryTransport = {
    merge: () => Promise.reject(new Error('down')),
    replace: () => Promise.reject(new Error('down')),
  };
  const sync = start(failing);
  setFavourite(5, true);
  await sync.idle();
  expect(getLibrary().favourites.map((e) => e.gameId)).toEqual([5]);
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});
