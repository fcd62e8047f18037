import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { GAMES, type Game } from '@portal/shared-contracts';
import { GameRow } from './game-row';

const gamesById = (ids: readonly number[]): Game[] => ids.map((id) => GAMES.find((game) => game.id === id)!);

function renderRow(games: readonly Game[] | null) {
  return (
    <MemoryRouter>
      <GameRow title="Trending now" games={games} />
    </MemoryRouter>
  );
}

describe('GameRow', () => {
  test('holds its space with placeholders while its games are not known, then shows them in order', () => {
    const { rerender } = render(renderRow(null));
    const row = screen.getByRole('region', { name: 'Trending now' });
    expect(row.querySelectorAll('.catalog-game-card--placeholder').length).toBeGreaterThan(0);
    rerender(renderRow(gamesById([5, 10, 6])));
    expect(
      within(row)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/game/5', '/game/10', '/game/6']);
    expect(row.querySelectorAll('.catalog-game-card--placeholder')).toHaveLength(0);
  });

  // A placeholder reused as a game's card is an element that moves across the row when the
  // figures arrive: a layout shift (seen as game 5's card sliding from the sixth place to the first).
  test('the cards that replace the placeholders are new elements, never a placeholder moved into place', () => {
    const { rerender } = render(renderRow(null));
    const placeholders = [...document.querySelectorAll('.catalog-game-row__item')];
    rerender(renderRow(gamesById([5, 7, 6])));
    expect(placeholders.filter((item) => item.isConnected)).toHaveLength(0);
  });

  test('its arrows move it by the whole cards in view; "See all" leads to the whole list', async () => {
    render(
      <MemoryRouter>
        <GameRow title="New" games={gamesById([5, 6, 7, 8, 10, 11, 12])} seeAll="/all-games?sort=new" />
      </MemoryRouter>,
    );
    const row = screen.getByRole('region', { name: 'New' });
    expect(within(row).getByRole('link', { name: 'See all: New' })).toHaveAttribute('href', '/all-games?sort=new');
    const list = within(row).getByRole('list');
    // jsdom lays nothing out: a 400 px view.
    Object.defineProperties(list, {
      clientWidth: { configurable: true, value: 400 },
      scrollWidth: { configurable: true, value: 820 },
    });
    const scrollBy = jest.fn();
    list.scrollBy = scrollBy;
    const back = within(row).getByRole('button', { name: 'Previous: New' });
    const forward = within(row).getByRole('button', { name: 'Next: New' });
    await userEvent.click(forward);
    // One press moves the row by its view (the browser then snaps to the next card's start).
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 400 });
    await userEvent.click(back);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -400 });
  });

  test('draws nothing for an empty list', () => {
    render(renderRow([]));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
