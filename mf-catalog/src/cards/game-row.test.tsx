import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { GAMES, type Game } from 'shared-contracts';
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

  test('its arrows move it by the whole cards in view, each off at its end; "See all" leads to the whole list', async () => {
    render(
      <MemoryRouter>
        <GameRow title="New" games={gamesById([5, 6, 7, 8, 10, 11, 12])} seeAll="/all-games?sort=new" />
      </MemoryRouter>,
    );
    const row = screen.getByRole('region', { name: 'New' });
    expect(within(row).getByRole('link', { name: 'See all: New' })).toHaveAttribute('href', '/all-games?sort=new');
    const list = within(row).getByRole('list');
    // jsdom lays nothing out: a 400 px view of 7 cards 100 px wide with 20 px gaps.
    Object.defineProperties(list, {
      clientWidth: { configurable: true, value: 400 },
      scrollWidth: { configurable: true, value: 820 },
    });
    for (const item of list.children) item.getBoundingClientRect = () => ({ width: 100 }) as DOMRect;
    list.style.columnGap = '20px';
    const scrollBy = jest.fn();
    list.scrollBy = scrollBy;
    fireEvent.scroll(list);
    const back = within(row).getByRole('button', { name: 'Previous: New' });
    const forward = within(row).getByRole('button', { name: 'Next: New' });
    expect(back).toBeDisabled();
    expect(forward).toBeEnabled();
    await userEvent.click(forward);
    // 3 whole cards fit in 400 px (3 × 100 + 2 × 20 = 340; 4 would need 460): one press moves 3 cards and their gaps.
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: 360 }));
    list.scrollLeft = 420;
    fireEvent.scroll(list);
    expect(back).toBeEnabled();
    expect(forward).toBeDisabled();
    await userEvent.click(back);
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -360 }));
  });

  test('draws nothing for an empty list', () => {
    render(renderRow([]));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
