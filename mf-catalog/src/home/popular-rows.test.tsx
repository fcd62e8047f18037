import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import { type GameStatsView, useGameStats } from '@portal/runtime';
import { PopularRows } from './popular-rows';

// The rows read the figures through the runtime's hook; the rest of the runtime stays real.
jest.mock('@portal/runtime', () => ({ ...jest.requireActual<object>('@portal/runtime'), useGameStats: jest.fn() }));
const useGameStatsMock = jest.mocked(useGameStats);

const snapshot = (plays: Record<number, number>, ranking: number[]): GameStatsSnapshot => ({
  generatedAt: '2026-11-24T08:00:00.000Z',
  games: Object.fromEntries(Object.entries(plays).map(([id, count]) => [id, { plays: count, likes: 0, dislikes: 0 }])),
  trending: ranking,
  trendingWindow: '24h',
  mostPlayed: ranking,
});

function renderRows(view: GameStatsView) {
  useGameStatsMock.mockReturnValue(view);
  const ui = () => (
    <MemoryRouter>
      <PopularRows />
    </MemoryRouter>
  );
  const { rerender } = render(ui());
  return (next: GameStatsView) => {
    useGameStatsMock.mockReturnValue(next);
    act(() => rerender(ui()));
  };
}

/** The row's cards (its list), not its "See all" link. */
const hrefsIn = (title: string) =>
  within(within(screen.getByRole('region', { name: title })).getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe("Home's Trending now and Most played", () => {
  test('hold their space while the figures are on their way, then show the games in ranked order', () => {
    const update = renderRows({ stats: null, failed: false });
    expect(screen.getByRole('region', { name: 'Trending now' }).querySelector('.catalog-game-card--placeholder')).not.toBeNull();
    update({ stats: snapshot({ 6: 4, 5: 2 }, [6, 5]), failed: false });
    expect(hrefsIn('Trending now')).toEqual(['/game/6', '/game/5']);
    expect(hrefsIn('Most played')).toEqual(['/game/6', '/game/5']);
    // Each row's "See all" is All Games in the row's own order.
    expect(screen.getByRole('link', { name: 'See all: Trending now' })).toHaveAttribute('href', '/all-games?sort=trending');
    expect(screen.getByRole('link', { name: 'See all: Most played' })).toHaveAttribute('href', '/all-games?sort=most-played');
  });

  test('a refresh updates the counts but keeps the order the player is looking at', () => {
    const update = renderRows({ stats: snapshot({ 6: 4, 5: 2 }, [6, 5]), failed: false });
    update({ stats: snapshot({ 6: 4, 5: 9 }, [5, 6]), failed: false });
    expect(hrefsIn('Trending now')).toEqual(['/game/6', '/game/5']);
    expect(screen.getAllByText('9 plays').length).toBeGreaterThan(0);
  });

  test('are not drawn when the figures cannot be fetched', () => {
    renderRows({ stats: null, failed: true });
    expect(screen.queryByRole('region')).toBeNull();
  });

  test('are not drawn on a site nobody has played on yet', () => {
    renderRows({ stats: snapshot({}, []), failed: false });
    expect(screen.queryByRole('region')).toBeNull();
  });
});
