import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { GAMES } from '@portal/shared-contracts';
import { afterFirstPaint } from '../testing/after-first-paint';
import { GameGrid } from './game-grid';

const cards = () => within(screen.getByRole('list', { name: 'Games' })).getAllByRole('link');

/** The grid on a page opened by a link (a PUSH), as a click opens All Games. */
async function openByLink(games = GAMES) {
  render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<Link to="/games">Open the games</Link>} />
        <Route path="/games" element={<GameGrid games={games} emptyText="None" label="Games" />} />
      </Routes>
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('link', { name: 'Open the games' }));
}

function setWindowSize(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
}

describe('GameGrid', () => {
  beforeEach(() => setWindowSize(1440, 900));

  test('opened by a link, draws what the window can show first, then every game once that is painted', async () => {
    await openByLink();
    // 1440 px hold at most 7 columns of the smallest card, 900 px 4 rows (the last cut by the edge).
    expect(cards()).toHaveLength(28);
    await afterFirstPaint();
    expect(cards()).toHaveLength(GAMES.length);
  });

  test('on a phone, its smaller cards: 2 columns and 4 rows of a 390 × 844 window', async () => {
    setWindowSize(390, 844);
    await openByLink();
    expect(cards()).toHaveLength(8);
  });

  test("inside the site's main area: its width, at most the theme's page width, and the window's height below the header", async () => {
    // At 1440 × 900 the page is 1320 px wide (6 columns of at least 180 px) and starts 66 px down
    // (3 rows of at least 280 px): 18 cards, as a browser shows.
    const main = document.createElement('main');
    main.style.setProperty('--content-max', '1320px');
    main.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 66, width: 1440, height: 834 });
    document.body.append(main);
    try {
      await openByLink();
      expect(cards()).toHaveLength(18);
      await afterFirstPaint();
      expect(cards()).toHaveLength(GAMES.length);
    } finally {
      main.remove();
    }
  });

  test('a list the window can show whole is drawn whole at once', async () => {
    await openByLink(GAMES.slice(0, 5));
    expect(cards()).toHaveLength(5);
  });

  test("a page opened by Back or Forward, or the visit's first, has every game at once (the player may return far down)", () => {
    render(
      <MemoryRouter>
        <GameGrid games={GAMES} emptyText="None" label="Games" />
      </MemoryRouter>,
    );
    expect(cards()).toHaveLength(GAMES.length);
  });

  test("the server's HTML has every game, and hydrating it keeps them all", () => {
    const page = (
      <MemoryRouter>
        <GameGrid games={GAMES} emptyText="None" label="Games" />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    expect(container.querySelectorAll('a')).toHaveLength(GAMES.length);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    act(() => {
      root = hydrateRoot(container, page, { onRecoverableError: (error) => console.error(error) });
    });
    expect(container.querySelectorAll('a')).toHaveLength(GAMES.length);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root?.unmount());
    container.remove();
  });
});
