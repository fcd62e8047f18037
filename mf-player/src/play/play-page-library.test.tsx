import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { findGameById, GAMES, LIBRARY_STORAGE_KEYS, ROUTES } from '@portal/shared-contracts';
import { gameDetailsOf } from '@portal/shared-contracts/game-details';
import { getLibrary, on, setFavourite } from '@portal/runtime';
import { primeGameDetails } from '../game-details';
import { mockViewportWidth } from '../testing/mock-viewport';
import { PlayPage } from './play-page';
import { shareOrCopy } from './share';
import { GAME_KEYS } from './use-keep-keys-in-game';

const HOBO = findGameById(GAMES, 5)!;

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={ROUTES.game} element={<PlayPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

// The feed's texts at once (their chunk's loading is game-details' own test).
beforeAll(() => primeGameDetails(gameDetailsOf));

beforeEach(() => {
  localStorage.clear();
  mockViewportWidth(1280);
});

describe('play page made for playing', () => {
  it('moves focus into the game frame on arrival', () => {
    renderAt(`/game/${HOBO.id}`);
    expect(document.activeElement).toBe(screen.getByTitle(HOBO.name));
  });

  it('stops game keys pressed on the page from scrolling it, and gives focus back to the game', () => {
    renderAt(`/game/${HOBO.id}`);
    const frame = screen.getByTitle(HOBO.name);
    document.body.focus();
    (document.activeElement as HTMLElement | null)?.blur();
    for (const key of GAME_KEYS) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    }
    expect(document.activeElement).toBe(frame);
    // A link outside the game keeps its keys.
    const link = screen.getByRole('link', { name: `Back to ${HOBO.category}` });
    link.focus();
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    link.dispatchEvent(space);
    expect(space.defaultPrevented).toBe(false);
  });

  it('records the game as recently played and announces it on the bus', () => {
    const played: number[] = [];
    const off = on('library:game-played', ({ gameId }) => played.push(gameId));
    renderAt(`/game/${HOBO.id}`);
    off();
    expect(played).toEqual([HOBO.id]);
    expect(getLibrary().recentlyPlayed[0]?.gameId).toBe(HOBO.id);
    expect(JSON.parse(localStorage.getItem(LIBRARY_STORAGE_KEYS.recentlyPlayed) ?? '[]')).toHaveLength(1);
  });

  it('has a heart that toggles the favourite with aria-pressed', () => {
    renderAt(`/game/${HOBO.id}`);
    const heart = screen.getByRole('button', { name: `Favourite ${HOBO.name}` });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(getLibrary().favourites.map((e) => e.gameId)).toEqual([HOBO.id]);
    // A heart elsewhere (the catalogue) changes it too.
    act(() => setFavourite(HOBO.id, false));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows More like this without the game itself, and Recently played without it', () => {
    localStorage.setItem(LIBRARY_STORAGE_KEYS.recentlyPlayed, JSON.stringify([{ gameId: 37, at: '2026-11-22T10:00:00.000Z' }]));
    renderAt(`/game/${HOBO.id}`);
    const more = screen.getByRole('region', { name: 'More like this' });
    const links = within(more).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    expect(links.some((link) => link.getAttribute('href') === `/game/${HOBO.id}`)).toBe(false);
    const recent = screen.getByRole('region', { name: 'Recently played' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/game/37']);
  });

  it('shows More like this under Game not found', () => {
    renderAt('/game/99999');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Game not found');
    expect(within(screen.getByRole('region', { name: 'More like this' })).getAllByRole('link').length).toBeGreaterThan(3);
  });

  it('covers the game with tap-to-play on phones, and lifts the cover on tap', async () => {
    mockViewportWidth(375);
    renderAt(`/game/${HOBO.id}`);
    const cover = screen.getByRole('button', { name: `Tap to play ${HOBO.name}` });
    expect(screen.getByText('Turn your phone sideways for a bigger game.')).toBeInTheDocument();
    await act(() => Promise.resolve(fireEvent.click(cover)));
    expect(screen.queryByRole('button', { name: `Tap to play ${HOBO.name}` })).toBeNull();
    expect(document.activeElement).toBe(screen.getByTitle(HOBO.name));
  });

  it('has no cover on larger screens', () => {
    renderAt(`/game/${HOBO.id}`);
    expect(screen.queryByRole('button', { name: /Tap to play/ })).toBeNull();
  });
});

describe('shareOrCopy', () => {
  const target = { title: 'Hobo', url: 'https://games.example/game/5' };
  /** A clipboard, and its writeText mock to inspect. */
  const fakeClipboard = () => {
    const writeText = jest.fn(() => Promise.resolve());
    return { writeText, clipboard: { writeText } as unknown as Clipboard };
  };

  it('uses the Web Share API when there is one', async () => {
    const share = jest.fn(() => Promise.resolve());
    const nav = { share, clipboard: fakeClipboard().clipboard };
    await expect(shareOrCopy(target, nav)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Hobo', url: target.url });
  });

  it('a closed share sheet is cancelled, not copied', async () => {
    const { writeText, clipboard } = fakeClipboard();
    const nav = { share: jest.fn(async () => Promise.reject(new DOMException('closed', 'AbortError'))), clipboard };
    await expect(shareOrCopy(target, nav)).resolves.toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link without the Web Share API, and reports a refused clipboard', async () => {
    const { writeText, clipboard } = fakeClipboard();
    await expect(shareOrCopy(target, { clipboard })).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(target.url);
    const refused = { clipboard: { writeText: jest.fn(async () => Promise.reject(new Error('no'))) } as unknown as Clipboard };
    await expect(shareOrCopy(target, refused)).resolves.toBe('failed');
  });
});
