import { screen, within } from '@testing-library/react';
import { GAMES, sortGamesByName } from '@portal/shared-contracts';
import { renderRoute } from '../testing/render-route';
import { AllGamesPage } from './all-games-page';

describe('All Games (product §2)', () => {
  test('lists every game as a card, sorted alphabetically by name', () => {
    renderRoute(<AllGamesPage />, { path: '/all-games' });
    expect(screen.getByRole('heading', { level: 1, name: 'All Games' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'All Games' });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(GAMES.length);
    const expected = sortGamesByName(GAMES);
    cards.forEach((card, index) => {
      const game = expected[index]!;
      expect(card).toHaveAttribute('href', `/game/${game.id}`);
      expect(card).toHaveTextContent(game.name);
      expect(card).toHaveTextContent(game.category);
    });
  });
});
