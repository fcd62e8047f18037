import {
  GAMES,
  KNOWN_CATEGORIES,
  findGameById,
  firstCategory,
  gamesInCategory,
  gamesWithTag,
  listCategories,
  listTags,
  tagPath,
  searchGames,
  sortGamesByName,
  type Game,
} from '../src';
import { CatalogueError, parseCatalogue } from '../src/catalogue/catalogue-check';
import rawGames from '../src/catalogue/games.json';
import gamesAdded from '../src/catalogue/games-added.json';

const game = (id: number, name: string, category = 'Puzzle Games'): Game => ({
  id,
  name,
  category,
  image: `https://img.example/${id}.jpg`,
  link: `https://play.example/${id}/`,
  tags: [],
});

describe('bundled catalogue (product §3.1)', () => {
  test('holds the 65 real games with ids 5–78, unique', () => {
    expect(GAMES).toHaveLength(65);
    const ids = GAMES.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBe(5);
    expect(Math.max(...ids)).toBe(78);
  });

  test('uses exactly the seven categories of product §3 (Match-3 Games has no game)', () => {
    expect(listCategories(GAMES)).toEqual([
      'Arcade Games',
      'Bike Racing',
      'Card Games',
      'Casual Games',
      'Puzzle Games',
      'Racing Games',
      'Strategy Games',
    ]);
  });

  test('every game has a name, an http(s) link and an image', () => {
    for (const g of GAMES) {
      expect(g.name.trim()).not.toBe('');
      expect(g.link).toMatch(/^https?:\/\//);
      expect(g.image).not.toBe('');
    }
  });

  test('is frozen so no page can mutate the shared list', () => {
    expect(Object.isFrozen(GAMES)).toBe(true);
  });
});

describe('parseCatalogue (a bad entry fails the build, named)', () => {
  const valid = { id: 1, name: 'Ok', category: 'Arcade Games', image: 'img/ok.png', link: 'https://x.example/' };

  test('accepts valid entries, trims names and defaults tags', () => {
    expect(parseCatalogue([{ ...valid, name: '  Ok  ' }])).toEqual([{ ...valid, name: 'Ok', tags: [] }]);
  });

  test('accepts the real games.json', () => {
    expect(() => parseCatalogue(rawGames)).not.toThrow();
  });

  test.each([
    ['not an array', { games: [] }, /JSON array/],
    ['a non-object entry', [42], /entry #0: not an object/],
    ['a missing id', [{ ...valid, id: undefined }], /entry #0 \("Ok"\): id/],
    ['a fractional id', [{ ...valid, id: 1.5 }], /id must be a positive integer/],
    ['a duplicate id', [valid, { ...valid, name: 'Twin' }], /entry #1 \("Twin"\): duplicate id 1/],
    ['a blank name', [{ ...valid, name: '  ' }], /name must be a non-empty string/],
    ['an unknown category', [{ ...valid, category: 'Shooter' }], /unknown category "Shooter"/],
    ['a missing image', [{ ...valid, image: '' }], /image must be a non-empty string/],
    ['a broken image URL', [{ ...valid, image: 'http://' }], /image is not a valid URL/],
    ['a non-http link', [{ ...valid, link: 'javascript:alert(1)' }], /link must be an http\(s\) URL/],
    ['bad tags', [{ ...valid, tags: [1] }], /tags must be a list of strings/],
  ])('rejects %s', (_label, raw, message) => {
    expect(() => parseCatalogue(raw)).toThrow(CatalogueError);
    expect(() => parseCatalogue(raw)).toThrow(message);
  });

  test('names the offending entry among good ones', () => {
    const raw = [valid, { ...valid, id: 2, name: 'Broken Game', link: 'nope' }];
    expect(() => parseCatalogue(raw)).toThrow('catalogue entry #1 ("Broken Game")');
  });
});

describe('catalogue queries (product §2, §5)', () => {
  const list = [
    game(3, 'zombie Road', 'Racing Games'),
    game(1, 'Apple Match', 'Puzzle Games'),
    game(2, 'bubble Pop', 'Casual Games'),
    game(4, 'Car Rush 10', 'Racing Games'),
    game(5, 'Car Rush 2', 'Racing Games'),
  ];

  test('sortGamesByName sorts alphabetically, ignoring case, numbers naturally, without mutating', () => {
    const before = list.map((g) => g.id);
    expect(sortGamesByName(list).map((g) => g.name)).toEqual([
      'Apple Match',
      'bubble Pop',
      'Car Rush 2',
      'Car Rush 10',
      'zombie Road',
    ]);
    expect(list.map((g) => g.id)).toEqual(before);
  });

  test('sortGamesByName orders the real catalogue alphabetically', () => {
    const names = sortGamesByName(GAMES).map((g) => g.name);
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    for (let i = 1; i < names.length; i += 1) {
      expect(collator.compare(names[i - 1] as string, names[i] as string)).toBeLessThanOrEqual(0);
    }
    expect(names).toHaveLength(GAMES.length);
  });

  test('listCategories gives distinct categories alphabetically', () => {
    expect(listCategories(list)).toEqual(['Casual Games', 'Puzzle Games', 'Racing Games']);
    expect(listCategories([])).toEqual([]);
  });

  test('firstCategory is the alphabetically first category, undefined when empty', () => {
    expect(firstCategory(list)).toBe('Casual Games');
    expect(firstCategory(GAMES)).toBe('Arcade Games');
    expect(firstCategory([])).toBeUndefined();
  });

  test('gamesInCategory matches exactly (no case folding, no partial match)', () => {
    expect(gamesInCategory(list, 'Racing Games').map((g) => g.id)).toEqual([5, 4, 3]);
    expect(gamesInCategory(list, 'racing games')).toEqual([]);
    expect(gamesInCategory(list, 'Racing')).toEqual([]);
    expect(gamesInCategory(list, 'Match-3 Games')).toEqual([]);
  });

  test('gamesInCategory covers every real game exactly once across categories', () => {
    const total = listCategories(GAMES).reduce((n, c) => n + gamesInCategory(GAMES, c).length, 0);
    expect(total).toBe(GAMES.length);
  });

  test('tags: one per spelling in any case, their games in any case, linked by their lower-case key', () => {
    const tagged = [
      { ...game(1, 'B', 'X'), tags: ['Puzzle', 'Brain'] },
      { ...game(2, 'A', 'X'), tags: ['puzzle ', 'Match-3'] },
    ];
    expect(listTags(tagged)).toEqual(['Brain', 'Match-3', 'Puzzle']);
    expect(gamesWithTag(tagged, 'PUZZLE').map((g) => g.id)).toEqual([2, 1]);
    expect(gamesWithTag(tagged, 'Puzz')).toEqual([]);
    expect(tagPath('Match 3')).toBe('/tags/match%203');
    // Every spelling of one tag is one tag: one entry, every game with any spelling.
    const spelled = [game(7, 'A', 'Puzzle Games'), game(8, 'B', 'Puzzle Games'), game(9, 'C', 'Puzzle Games')];
    spelled[0]!.tags = ['Match 3'];
    spelled[1]!.tags = ['Match-3', 'candy'];
    spelled[2]!.tags = ['match3'];
    expect(listTags(spelled)).toEqual(['candy', 'Match 3']);
    expect(gamesWithTag(spelled, 'MATCH-3').map((g) => g.id)).toEqual([7, 8, 9]);
    expect(listTags(GAMES).filter((tag) => /^match.?3$/i.test(tag))).toHaveLength(1);
    expect(listTags(GAMES).every((tag) => gamesWithTag(GAMES, tag).length > 0)).toBe(true);
  });

  test('searchGames is a case-insensitive substring match on name', () => {
    expect(searchGames(list, 'CAR').map((g) => g.id)).toEqual([4, 5]);
    expect(searchGames(list, 'ble p').map((g) => g.id)).toEqual([2]);
    expect(searchGames(list, 'road').map((g) => g.id)).toEqual([3]);
    expect(searchGames(list, 'nothing like it')).toEqual([]);
  });

  test('searchGames ignores surrounding blanks and matches nothing for a blank query', () => {
    expect(searchGames(list, '  apple ').map((g) => g.id)).toEqual([1]);
    expect(searchGames(list, '   ')).toEqual([]);
    expect(searchGames(list, '')).toEqual([]);
  });

  test('searchGames treats regex and markup characters literally', () => {
    const odd = [game(9, 'Mr. (Bean) <b>'), game(10, 'Mrs Bean')];
    expect(searchGames(odd, '(bean)').map((g) => g.id)).toEqual([9]);
    expect(searchGames(odd, '.*')).toEqual([]);
    expect(searchGames(odd, '<b>').map((g) => g.id)).toEqual([9]);
  });

  test('findGameById accepts numbers and numeric strings', () => {
    expect(findGameById(list, 4)?.name).toBe('Car Rush 10');
    expect(findGameById(list, '2')?.name).toBe('bubble Pop');
    expect(findGameById(list, 'abc')).toBeUndefined();
    expect(findGameById(list, 99)).toBeUndefined();
  });

  test('KNOWN_CATEGORIES lists the seven data categories plus Match-3 Games', () => {
    expect([...KNOWN_CATEGORIES].sort()).toEqual([...listCategories(GAMES), 'Match-3 Games'].sort());
  });
});

describe("each game's date added (games-added.json)", () => {
  test('every game of the catalogue has one, a day as YYYY-MM-DD', () => {
    for (const game of GAMES) expect([game.id, game.added]).toEqual([game.id, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
  });

  test('a date that is not a day fails the check, naming the game', () => {
    expect(() => parseCatalogue(rawGames, { '5': 'yesterday' })).toThrow(
      'games-added.json, game 5: date added must be YYYY-MM-DD',
    );
    expect(parseCatalogue(rawGames, gamesAdded)).toEqual(GAMES);
  });

  test("the file names exactly the catalogue's games", () => {
    expect(Object.keys(gamesAdded).sort()).toEqual(GAMES.map((game) => String(game.id)).sort());
  });
});
