import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { mockViewportWidth } from '@portal/build-config/jest/viewport';
import { GAMES, searchGames } from '@portal/shared-contracts';
import { searchByTag, suggestGames, suggestMatches } from '@portal/shared-contracts/related';
import { SearchBox } from './search-box';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderSearch() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <SearchBox />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('combobox', { name: 'Search Games' });
}

beforeEach(() => {
  mockViewportWidth(1440);
  localStorage.clear();
});

describe('instant search suggestions (WAI-ARIA combobox)', () => {
  it('suggests up to six matching games with thumbnails while typing', async () => {
    const input = renderSearch();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(input, 'car');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    const expected = suggestGames(GAMES, 'car');
    expect(options).toHaveLength(Math.min(6, expected.length));
    expect(options[0]).toHaveTextContent(expected[0]!.name);
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', expected[0]!.image);
  });

  it('moves with the arrow keys (aria-activedescendant) and Enter opens the game, clearing the box', async () => {
    const input = renderSearch();
    await userEvent.type(input, 'car');
    const expected = suggestGames(GAMES, 'car');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getAllByRole('option').at(-1)).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(`/game/${expected[0]!.id}`);
    expect(input).toHaveValue('');
    expect(localStorage.getItem('gameId')).toBe(String(expected[0]!.id));
  });

  it('Escape closes the list; Enter on the text still searches (product §2)', async () => {
    const input = renderSearch();
    await userEvent.type(input, 'car');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=car');
    expect(input).toHaveValue('');
  });

  it('a click on a suggestion opens the game', async () => {
    const input = renderSearch();
    await userEvent.type(input, 'hobo');
    await userEvent.click(screen.getByRole('option', { name: /Hobo Speedster/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/game/5');
  });

  it('each suggestion says why it matched: the text marked in its name, or the tag ("bmx": Hobo Speedster, Tagged BMX)', async () => {
    const input = renderSearch();
    await userEvent.type(input, 'bmx');
    const hobo = screen.getByRole('option', { name: /Hobo Speedster/ });
    expect(hobo).toHaveTextContent('Tagged BMX');
    expect(hobo.querySelector('mark')).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, 'hobo');
    const named = screen.getByRole('option', { name: /Hobo Speedster/ });
    expect(named.querySelector('mark')).toHaveTextContent(/^Hobo$/);
    expect(named).toHaveTextContent('Bike Racing');
    expect(named).not.toHaveTextContent('Tagged');
  });

  it("suggests the name matches first, then the tag matches, each offered by Enter's page too", async () => {
    const input = renderSearch();
    await userEvent.type(input, 'puzzle');
    const options = screen.getAllByRole('option');
    const matches = suggestMatches(GAMES, 'puzzle');
    expect(options).toHaveLength(matches.length);
    expect(matches.some((match) => match.by === 'tag')).toBe(true);
    const firstTag = matches.findIndex((match) => match.by === 'tag');
    expect(matches.slice(firstTag).every((match) => match.by === 'tag')).toBe(true);
    matches.forEach((match, index) =>
      expect(options[index]).toHaveTextContent(match.by === 'tag' ? `Tagged ${match.tag}` : match.game.category),
    );
    const onThePage = new Set([...searchGames(GAMES, 'puzzle'), ...searchByTag(GAMES, 'puzzle').map((found) => found.game)]);
    for (const match of matches) expect(onThePage.has(match.game)).toBe(true);
  });

  it('shows nothing when no game matches', async () => {
    const input = renderSearch();
    await userEvent.type(input, 'zzzz');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});
