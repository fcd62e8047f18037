import { compareNames, sortByName } from '../src/catalogue/compare-names';
import { GAMES } from '../src/catalogue/games';

// The order compare-names replaces (decision 0030): it must stay the same for our names.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const sign = (n: number) => Math.sign(n);

const TRICKY = [
  'Car Rush 10',
  'Car Rush 2',
  'car rush 2',
  'Car Rush',
  'Car-Rush',
  'Car Rush 2b',
  'Car Rush2',
  '2048',
  '10 Balls',
  'Élan Run',
  'Elan Run',
  'elan runner',
  'Zoo',
  'zoo',
  "Bob's Farm",
  'Bobs Farm',
  'Bob: Farm',
  'A.B.C',
  'ABC',
  'Puzzle Games',
  'Puzzle-Games',
  'Match 3',
  'Match-3 Games',
  'Match3',
  'Über Drive',
  'Ubisoft',
  'Level 007',
  'Level 7',
  'Level 08',
];

describe('compareNames (the order of Intl.Collator en/base/numeric, without loading ICU)', () => {
  test('agrees with the collator on every pair of tricky names', () => {
    for (const a of TRICKY) {
      for (const b of TRICKY) {
        expect([a, b, sign(compareNames(a, b))]).toEqual([a, b, sign(collator.compare(a, b))]);
      }
    }
  });

  test('agrees with the collator on every pair of the bundled names and categories', () => {
    const names = [...GAMES.map((g) => g.name), ...new Set(GAMES.map((g) => g.category))];
    for (const a of names) {
      for (const b of names) {
        if (sign(compareNames(a, b)) !== sign(collator.compare(a, b))) {
          throw new Error(`${a} vs ${b}: ${compareNames(a, b)} but the collator says ${collator.compare(a, b)}`);
        }
      }
    }
  });

  test('sortByName sorts a copy, stably, by the name it is given', () => {
    const items = [
      { id: 1, title: 'b 10' },
      { id: 2, title: 'B 9' },
      { id: 3, title: 'a' },
      { id: 4, title: 'A' },
    ];
    expect(sortByName(items, (item) => item.title).map((item) => item.id)).toEqual([3, 4, 2, 1]);
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });
});
