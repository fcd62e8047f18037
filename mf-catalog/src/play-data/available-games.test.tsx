import { screen, within } from '@testing-library/react';
import { GAMES } from '@portal/shared-contracts';
import { UNAVAILABLE_GAMES_ATTRIBUTE } from '@portal/shared-contracts/play-data';
import { AllGamesPage } from '../all-games/all-games-page';
import { CategoryPage } from '../categories/category-page';
import { SearchPage } from '../search/search-page';
import { renderRoute } from '../testing/render-route';

// The page as the server drew it while games 5 and 6 were found dead (decision 0058).
const DEAD = [5, 6];
beforeAll(() => {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute(UNAVAILABLE_GAMES_ATTRIBUTE, DEAD.join(' '));
  document.body.append(root);
});

const links = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('games found dead', () => {
  test('leave All Games', () => {
    renderRoute(<AllGamesPage />, { path: '/all-games' });
    const shown = links(screen.getByRole('list', { name: 'All Games' }));
    expect(shown).toHaveLength(GAMES.length - DEAD.length);
    for (const id of DEAD) expect(shown).not.toContain(`/game/${id}`);
  });

  test('leave their category', () => {
    renderRoute(<CategoryPage />, { path: '/categories/Bike%20Racing', pattern: '/categories/:categoryName' });
    expect(links(screen.getByRole('list', { name: 'Bike Racing' })).sort()).toEqual(['/game/7', '/game/8']);
  });

  test('leave the search results', () => {
    renderRoute(<SearchPage />, { path: '/search?q=hobo', pattern: '/search' });
    expect(screen.getByText('No games found')).toBeInTheDocument();
    expect(document.querySelector('a[href="/game/5"]')).toBeNull();
  });
});
