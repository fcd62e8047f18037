import { act, fireEvent, screen, within } from '@testing-library/react';
import { findGameById, GAMES, ROUTES } from '@portal/shared-contracts';
import { getLibrary, markPlayed, on, setFavourite } from '@portal/runtime';
import { HomePage } from '../home/home-page';
import { renderRoute } from '../testing/render-route';
import { GameCard } from './game-card';

const HOBO = findGameById(GAMES, 5)!;
const BRAND = { id: 'b', name: 'Playverse', logo: '/logo.svg', title: 'Playverse', favicon: '/f.svg', blurb: 'Welcome.' };

beforeEach(() => localStorage.clear());

/** The hrefs of the links in the region named `name`, in order. */
const linkTargetsIn = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

test('every card has a heart that toggles the favourite with aria-pressed and tells the bus', () => {
  const changes: Array<{ gameId: number; favourite: boolean }> = [];
  const off = on('library:favourite-changed', (change) => changes.push(change));
  renderRoute(<GameCard game={HOBO} />, { path: '/', pattern: ROUTES.home });
  const heart = screen.getByRole('button', { name: `Favourite ${HOBO.name}` });
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  fireEvent.click(heart);
  expect(heart).toHaveAttribute('aria-pressed', 'true');
  fireEvent.click(heart);
  off();
  expect(changes).toEqual([
    { gameId: HOBO.id, favourite: true },
    { gameId: HOBO.id, favourite: false },
  ]);
  expect(getLibrary().favourites).toEqual([]);
  // The heart is beside the card's link, not inside it.
  expect(screen.getByRole('link').contains(heart)).toBe(false);
});

test('Home starts with Recently played and favourites only when there are some', () => {
  renderRoute(<HomePage brand={BRAND} />, { path: '/', pattern: ROUTES.home });
  expect(screen.queryByRole('region', { name: 'Recently played' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Your favourites' })).toBeNull();
  act(() => {
    markPlayed(37);
    markPlayed(5);
    setFavourite(6, true);
  });
  expect(linkTargetsIn('Recently played')).toEqual(['/game/5', '/game/37']);
  expect(linkTargetsIn('Your favourites')).toEqual(['/game/6']);
});
