import { screen, within } from '@testing-library/react';
import { GAMES, ROUTES, searchPath } from '@portal/shared-contracts';
import { searchByTag, suggestGames } from '@portal/shared-contracts/related';
import { renderRoute } from '../testing/render-route';
import { SearchPage } from './search-page';

function renderSearch(path: string) {
  return renderRoute(<SearchPage />, { path, pattern: ROUTES.search });
}

const namesContaining = (text: string) =>
  GAMES.filter((game) => game.name.toLowerCase().includes(text.toLowerCase())).map((game) => game.name);

describe('Search results (product §2, §5)', () => {
  test('lists the games whose name contains q, case-insensitively, under q in upper case', () => {
    renderSearch(searchPath('cAr'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^CAR$/);
    const cards = within(screen.getByRole('list', { name: 'cAr' })).getAllByRole('link');
    const expected = namesContaining('car');
    expect(expected.length).toBeGreaterThan(1);
    expect(cards).toHaveLength(expected.length);
    for (const name of expected) expect(screen.getByText(name)).toBeInTheDocument();
  });

  test('decodes q from the URL', () => {
    renderSearch('/search?q=Car%20Rapide');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^CAR RAPIDE$/);
    expect(within(screen.getByRole('list', { name: 'Car Rapide' })).getAllByRole('link')).toHaveLength(1);
  });

  test("says 'No games found' when nothing matches", () => {
    renderSearch(searchPath('zzzz no such game'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ZZZZ NO SUCH GAME');
    expect(screen.getByText('No games found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'zzzz no such game' })).not.toBeInTheDocument();
    // Then games to play instead (decision 0025), never the count.
    expect(within(screen.getByRole('region', { name: 'More like this' })).getAllByRole('link').length).toBeGreaterThan(0);
    expect(screen.queryByText(/^\d+ games?$/)).not.toBeInTheDocument();
  });

  test('says how many games it found', () => {
    renderSearch(searchPath('cAr'));
    expect(screen.getByText(`${namesContaining('car').length} games`)).toBeInTheDocument();
    renderSearch('/search?q=Car%20Rapide');
    expect(screen.getByText('1 game')).toBeInTheDocument();
  });

  test('shows q as text, never as markup', () => {
    const attack = '<img src=x onerror="window.__pwned=1">';
    renderSearch(searchPath(attack));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(attack.toUpperCase());
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  test('below the name matches, "Games tagged …": the games a tag starting with q finds, none of them twice', () => {
    renderSearch(searchPath('puzzle'));
    const byName = within(screen.getByRole('list', { name: 'puzzle' })).getAllByRole('link');
    expect(byName).toHaveLength(namesContaining('puzzle').length);
    const section = screen.getByRole('region', { name: /^Games tagged puzzle$/i });
    const byTag = within(section).getAllByRole('link');
    const expected = searchByTag(GAMES, 'puzzle').map((match) => match.game.name);
    expect(expected.length).toBeGreaterThan(0);
    expect(byTag).toHaveLength(expected.length);
    byTag.forEach((card, index) => expect(card).toHaveTextContent(expected[index]!));
    for (const name of expected) expect(name.toLowerCase()).not.toContain('puzzle');
    // Every game the suggestions offered is on the page.
    const shown = [...byName, ...byTag].map((card) => card.getAttribute('href'));
    for (const game of suggestGames(GAMES, 'puzzle')) expect(shown).toContain(`/game/${game.id}`);
  });

  test('a query only a tag matches ("bmx") shows that game under "Games tagged BMX", not "No games found"', () => {
    renderSearch(searchPath('bmx'));
    expect(screen.queryByText('No games found')).not.toBeInTheDocument();
    expect(screen.getByText('No game’s name contains “bmx”.'.replace('’', "'"))).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Games tagged BMX' });
    expect(within(section).getByRole('link', { name: /Hobo Speedster/ })).toHaveAttribute('href', '/game/5');
    expect(screen.queryByRole('region', { name: 'More like this' })).not.toBeInTheDocument();
  });

  test('without q there is nothing to list', () => {
    renderSearch('/search');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search Games');
    expect(screen.getByText('No games found')).toBeInTheDocument();
  });
});
