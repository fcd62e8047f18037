import { GAMES } from '../src';
import { CatalogueError } from '../src/catalogue/catalogue-check';
import { GAME_DETAILS, gameDetailsOf, parseGameDetails } from '../src/catalogue/game-details';

describe('game details (the feed description and instructions)', () => {
  test('every catalogue game has a description and instructions, and no id is unknown', () => {
    for (const game of GAMES) {
      const details = gameDetailsOf(game.id);
      expect(details?.description.length).toBeGreaterThan(20);
      expect(details?.instructions).toEqual(expect.any(String));
    }
    expect([...GAME_DETAILS.keys()].sort((a, b) => a - b)).toEqual(GAMES.map((game) => game.id).sort((a, b) => a - b));
  });

  test('a broken file fails with the entry named', () => {
    expect(() => parseGameDetails([])).toThrow(CatalogueError);
    expect(() => parseGameDetails({ x: { description: 'a', instructions: '' } })).toThrow('"x" is not a game id');
    expect(() => parseGameDetails({ 5: { description: ' ', instructions: '' } })).toThrow('game details 5: description');
    expect(() => parseGameDetails({ 5: { description: 'A game.' } })).toThrow('game details 5: instructions');
    expect(parseGameDetails({ 5: { description: ' A game. ', instructions: ' Tap ' } }).get(5)).toEqual({
      description: 'A game.',
      instructions: 'Tap',
    });
  });
});
