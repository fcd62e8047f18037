import { noteUnavailableGames, unavailableGameIds, withoutUnavailable } from '../src/play-data/unavailable-games';

const games = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('games found dead (decision 0058)', () => {
  test('none on the server and at build time: lists stay whole', () => {
    expect(unavailableGameIds().size).toBe(0);
    expect(withoutUnavailable(games)).toBe(games);
  });

  test("a stats snapshot's list is what every list leaves out, kept as one set while it stays the same", () => {
    noteUnavailableGames([2]);
    const first = unavailableGameIds();
    expect(withoutUnavailable(games)).toEqual([{ id: 1 }, { id: 3 }]);
    noteUnavailableGames([2]);
    expect(unavailableGameIds()).toBe(first);
    noteUnavailableGames([]);
    expect(withoutUnavailable(games)).toEqual(games);
  });
});
