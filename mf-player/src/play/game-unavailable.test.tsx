import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { findGameById, GAMES, ROUTES } from '@portal/shared-contracts';
import { UNAVAILABLE_GAMES_ATTRIBUTE } from '@portal/shared-contracts/play-data';
import { mockViewportWidth } from '../testing/mock-viewport';
import { PlayPage } from './play-page';

const DEAD = findGameById(GAMES, '5');
const ALSO_DEAD = findGameById(GAMES, '6');

/** The page as the server drew it: the root names the games found dead (decision 0058). */
function renderPlayPage(id: number) {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute(UNAVAILABLE_GAMES_ATTRIBUTE, `${DEAD?.id ?? 0} ${ALSO_DEAD?.id ?? 0}`);
  document.body.append(root);
  return render(
    <MemoryRouter initialEntries={[`/game/${id}`]}>
      <Routes>
        <Route path={ROUTES.game} element={<PlayPage />} />
      </Routes>
    </MemoryRouter>,
    { container: root },
  );
}

beforeEach(() => {
  mockViewportWidth(1280);
});

describe('the play page of a game found dead', () => {
  it("says it isn't available, frames nothing and offers similar games that are", () => {
    if (!DEAD || !ALSO_DEAD) throw new Error('the catalogue lost games 5 and 6');
    renderPlayPage(DEAD.id);
    expect(screen.getByRole('heading', { level: 1, name: "This game isn't available right now" })).toBeTruthy();
    expect(screen.getByText(`${DEAD.name} can't be played here at the moment. Try one of these instead.`)).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    const instead = screen.getByRole('region', { name: 'Play one of these instead' });
    const links = within(instead)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links.length).toBeGreaterThan(0);
    expect(links).not.toContain(`/game/${DEAD.id}`);
    expect(links).not.toContain(`/game/${ALSO_DEAD.id}`);
    // Same category first: Bike Racing's two other games.
    expect(links.slice(0, 2).sort()).toEqual(['/game/7', '/game/8']);
  });
});
