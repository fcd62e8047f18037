import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import {
  categoryPath,
  findGameById,
  GAMES,
  listCategories,
  playStateOf,
  ROUTES,
  saveLastPlayedGame,
  type PlayNavigationState,
} from '@portal/shared-contracts';
import { categoryImage, DEFAULT_CATEGORY_IMAGE } from '@portal/shared-contracts/category-art';
import { gameDetailsOf } from '@portal/shared-contracts/game-details';
import { primeGameDetails } from '../game-details';
import { mockViewportWidth } from '../testing/mock-viewport';
import { moreLikeThis } from '@portal/shared-contracts/related';
import { GAME_TROUBLE_TEXT } from './game-trouble';
import { PlayPage } from './play-page';
import { PHONE_LANDSCAPE_QUERY } from './theatre';
import { LOAD_TIMEOUT_MS } from './use-frame-load';

const [FIRST, SECOND] = GAMES as [(typeof GAMES)[number], (typeof GAMES)[number]];

/** What the app would see: the current location, and a navigate like a card click's. */
const router: { location?: Location; navigate?: NavigateFunction } = {};
function RouterProbe() {
  /* eslint-disable react-hooks/immutability -- a test probe: records the router for the assertions */
  router.location = useLocation();
  router.navigate = useNavigate();
  /* eslint-enable react-hooks/immutability */
  return null;
}

function renderAt(path: string, state?: PlayNavigationState) {
  render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <RouterProbe />
      <Routes>
        <Route path={ROUTES.game} element={<PlayPage />} />
        <Route path={ROUTES.category} element={<p>Category page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const gameFrame = () => document.querySelector('iframe');

// The feed's texts at once (their chunk's loading is game-details' own test).
beforeAll(() => primeGameDetails(gameDetailsOf));

beforeEach(() => {
  localStorage.clear();
  mockViewportWidth(1280);
});

describe('PlayPage', () => {
  it('plays the link and name passed as navigation state, with the name as the heading', () => {
    renderAt(`/game/${FIRST.id}`, { gameLink: 'https://html5.gamemonetize.com/from-state/', gameName: 'State Game' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('State Game');
    expect(screen.getByTitle('State Game')).toHaveAttribute('src', 'https://html5.gamemonetize.com/from-state/');
  });

  it('falls back to the game saved in local storage (a reload has no navigation state)', () => {
    saveLastPlayedGame(localStorage, {
      gameId: String(FIRST.id),
      gameLink: 'https://html5.gamemonetize.com/stored/',
      gameName: 'Stored Game',
      gameImage: FIRST.image,
      gameCategory: FIRST.category,
    });
    renderAt(`/game/${FIRST.id}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Stored Game');
    expect(gameFrame()).toHaveAttribute('src', 'https://html5.gamemonetize.com/stored/');
  });

  it('plays the catalogue game of a shared link even when storage remembers another game', () => {
    saveLastPlayedGame(localStorage, {
      gameId: String(FIRST.id),
      gameLink: FIRST.link,
      gameName: FIRST.name,
      gameImage: FIRST.image,
      gameCategory: FIRST.category,
    });
    renderAt(`/game/${SECOND.id}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(SECOND.name);
    expect(gameFrame()).toHaveAttribute('src', SECOND.link);
  });

  it("shows 'Game not found' for an id nothing knows", () => {
    renderAt('/game/987654');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Game not found');
    expect(gameFrame()).toBeNull();
  });

  it("shows 'Game not found' rather than framing a non-http(s) link", () => {
    renderAt('/game/987654', { gameLink: 'javascript:alert(1)', gameName: 'Evil' });
    expect(screen.getByText('Game not found')).toBeInTheDocument();
    expect(gameFrame()).toBeNull();
  });

  it('shows the loading state again when navigating from one game to another', () => {
    renderAt(`/game/${FIRST.id}`, { gameLink: FIRST.link, gameName: FIRST.name });
    expect(screen.getByText('Game Loading...')).toBeInTheDocument();
    fireEvent.load(gameFrame()!);
    expect(screen.queryByText('Game Loading...')).not.toBeInTheDocument();

    act(() => void router.navigate!(`/game/${SECOND.id}`, { state: { gameLink: SECOND.link, gameName: SECOND.name } }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(SECOND.name);
    expect(screen.getByText('Game Loading...')).toBeInTheDocument();
    fireEvent.load(gameFrame()!);
    expect(screen.queryByText('Game Loading...')).not.toBeInTheDocument();
  });

  it("links back to the game's category", () => {
    renderAt(`/game/${FIRST.id}`);
    expect(screen.getByRole('link', { name: `Back to ${FIRST.category}` })).toHaveAttribute('href', categoryPath(FIRST.category));
  });

  describe('fullscreen button', () => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- saved only to be put back on the prototype
    const originalRequestFullscreen = HTMLElement.prototype.requestFullscreen;
    afterEach(() => {
      delete (document as { fullscreenEnabled?: boolean }).fullscreenEnabled;
      HTMLElement.prototype.requestFullscreen = originalRequestFullscreen;
    });

    const stage = () => gameFrame()!.parentElement!;
    const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));

    it('where element fullscreen is unavailable (iPhone Safari), opens theatre mode; Back leaves it first', async () => {
      renderAt(`/game/${FIRST.id}`);
      const entries = window.history.length;
      await userEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
      expect(stage()).toHaveClass('game-frame--theatre');
      expect(document.activeElement).toBe(gameFrame());
      expect(window.history.length).toBe(entries + 1);
      // Back: theatre mode goes, the page (and its game) stays.
      const frame = gameFrame();
      const back = popped();
      await act(async () => {
        window.history.back();
        await back;
      });
      expect(stage()).not.toHaveClass('game-frame--theatre');
      expect(gameFrame()).toBe(frame);
      expect(router.location?.pathname).toBe(`/game/${FIRST.id}`);
    });

    it('leaves theatre mode by its exit control, taking its history entry with it', async () => {
      renderAt(`/game/${FIRST.id}`);
      await userEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
      const back = popped();
      await act(async () => {
        fireEvent.click(within(stage()).getByRole('button', { name: 'Exit full screen' }));
        await back;
      });
      expect(stage()).not.toHaveClass('game-frame--theatre');
      expect(screen.queryByRole('button', { name: 'Exit full screen' })).not.toBeInTheDocument();
    });

    it('on a phone held sideways, opens theatre mode even where fullscreen works', async () => {
      Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
      const requestFullscreen = jest.fn(() => Promise.resolve());
      HTMLElement.prototype.requestFullscreen = requestFullscreen;
      const matchMedia = window.matchMedia.bind(window);
      const sideways = jest.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
        query === PHONE_LANDSCAPE_QUERY
          ? ({
              matches: true,
              media: query,
              addEventListener: () => {},
              removeEventListener: () => {},
            } as unknown as MediaQueryList)
          : matchMedia(query),
      );
      try {
        renderAt(`/game/${FIRST.id}`);
        await userEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
        expect(stage()).toHaveClass('game-frame--theatre');
        expect(requestFullscreen).not.toHaveBeenCalled();
      } finally {
        sideways.mockRestore();
        const back = popped();
        await act(async () => {
          window.history.back();
          await back;
        });
      }
    });

    it("puts the game's stage (not the whole page) into fullscreen", async () => {
      Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
      const requestFullscreen = jest.fn(function (this: HTMLElement) {
        return Promise.resolve();
      });
      HTMLElement.prototype.requestFullscreen = requestFullscreen;
      renderAt(`/game/${FIRST.id}`);
      await userEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      const stage = requestFullscreen.mock.contexts[0] as HTMLElement;
      expect(stage).toContainElement(gameFrame());
      expect(stage).not.toContainElement(screen.getByRole('heading', { level: 1 }));
    });
  });

  describe('category carousel', () => {
    const carousel = () => screen.queryByRole('region', { name: 'Browse by category' });

    it("on a page opened by a link, is not in the page's first frame, which it would hold up (Swiper measures the page), but right after it", async () => {
      renderAt(categoryPath(FIRST.category));
      act(() => void router.navigate!(`/game/${FIRST.id}`, { state: playStateOf(FIRST) }));
      expect(screen.getByRole('heading', { level: 1, name: FIRST.name })).toBeInTheDocument();
      expect(carousel()).not.toBeInTheDocument();
      // A frame, then a task.
      await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      expect(carousel()).toBeInTheDocument();
    });

    it('is there at once on a page opened by Back, Forward or the visit (the player may return to it)', () => {
      renderAt(`/game/${FIRST.id}`);
      expect(carousel()).toBeInTheDocument();
    });

    it('is not shown on screens narrower than small (576px)', () => {
      mockViewportWidth(575);
      renderAt(`/game/${FIRST.id}`);
      expect(carousel()).not.toBeInTheDocument();
    });

    it('appears and disappears as the window crosses the small breakpoint', () => {
      const resizeTo = mockViewportWidth(400);
      renderAt(`/game/${FIRST.id}`);
      expect(carousel()).not.toBeInTheDocument();
      act(() => resizeTo(800));
      expect(carousel()).toBeInTheDocument();
      act(() => resizeTo(500));
      expect(carousel()).not.toBeInTheDocument();
    });

    it('has a card per category, linking to its page with its image, and previous/next buttons', () => {
      renderAt(`/game/${FIRST.id}`);
      const region = carousel()!;
      const categories = listCategories(GAMES);
      const cards = within(region).getAllByRole('link');
      expect(cards.map((card) => card.textContent)).toEqual(categories);
      cards.forEach((card, index) => {
        const category = categories[index]!;
        expect(card).toHaveAttribute('href', categoryPath(category));
        expect(card.querySelector('img')).toHaveAttribute('src', categoryImage(category));
      });
      expect(within(region).getByRole('button', { name: 'Previous categories' })).toBeInTheDocument();
      expect(within(region).getByRole('button', { name: 'Next categories' })).toBeInTheDocument();
    });

    it('falls back to the default category image when an image fails', () => {
      renderAt(`/game/${FIRST.id}`);
      const image = carousel()!.querySelector('img')!;
      fireEvent.error(image);
      expect(image).toHaveAttribute('src', DEFAULT_CATEGORY_IMAGE);
    });

    it('goes to the category page when a card is clicked', async () => {
      renderAt(`/game/${FIRST.id}`);
      const category = findGameById(GAMES, SECOND.id)!.category;
      await userEvent.click(within(carousel()!).getByRole('link', { name: category }));
      expect(router.location?.pathname).toBe(categoryPath(category));
      expect(screen.getByText('Category page')).toBeInTheDocument();
    });

    it('is also offered when the game is not found', () => {
      renderAt('/game/987654');
      expect(carousel()).toBeInTheDocument();
    });
  });

  describe("'This game isn't loading'", () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());
    const card = () => screen.queryByRole('alertdialog', { name: GAME_TROUBLE_TEXT.title });

    it(`covers a frame that has not loaded after ${LOAD_TIMEOUT_MS / 1000} s: Retry, a one-tap report and similar games`, async () => {
      renderAt(`/game/${FIRST.id}`);
      act(() => jest.advanceTimersByTime(LOAD_TIMEOUT_MS - 1));
      expect(card()).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      const dialog = card()!;
      expect(dialog).toBeInTheDocument();
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: GAME_TROUBLE_TEXT.retry }));
      const similar = within(dialog).getAllByRole('link');
      expect(similar.map((link) => link.textContent)).toEqual(moreLikeThis(GAMES, FIRST, 3).map((game) => game.name));
      // One tap reports it; without an API here the report fails and says so.
      fireEvent.click(within(dialog).getByRole('button', { name: GAME_TROUBLE_TEXT.report }));
      await act(async () => {
        await jest.runAllTimersAsync();
      });
      expect(within(dialog).getByRole('status')).toHaveTextContent('Your report could not be sent. Please try again.');

      const first = gameFrame();
      fireEvent.click(within(dialog).getByRole('button', { name: GAME_TROUBLE_TEXT.retry }));
      expect(card()).not.toBeInTheDocument();
      expect(gameFrame()).not.toBe(first);
      expect(gameFrame()).toHaveAttribute('src', FIRST.link);
    });

    it('a similar game opens in its place', () => {
      renderAt(`/game/${FIRST.id}`);
      act(() => jest.advanceTimersByTime(LOAD_TIMEOUT_MS));
      const [pick] = moreLikeThis(GAMES, FIRST, 3);
      fireEvent.click(within(card()!).getByRole('link', { name: pick!.name }));
      expect(router.location?.pathname).toBe(`/game/${pick!.id}`);
      expect(card()).not.toBeInTheDocument();
    });

    it("opens on 'Game not working?' (a frame showing the browser's error page), and closes", () => {
      renderAt(`/game/${FIRST.id}`);
      fireEvent.load(gameFrame()!);
      fireEvent.click(screen.getByRole('button', { name: GAME_TROUBLE_TEXT.open }));
      expect(card()).toBeInTheDocument();
      fireEvent.click(within(card()!).getByRole('button', { name: GAME_TROUBLE_TEXT.close }));
      expect(card()).not.toBeInTheDocument();
    });

    it('a stalled card closed by the player leaves the game loading', () => {
      renderAt(`/game/${FIRST.id}`);
      act(() => jest.advanceTimersByTime(LOAD_TIMEOUT_MS));
      fireEvent.click(within(card()!).getByRole('button', { name: GAME_TROUBLE_TEXT.close }));
      expect(card()).not.toBeInTheDocument();
      expect(screen.getByText('Game Loading...')).toBeInTheDocument();
    });
  });
});
