import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, type Game } from '@portal/shared-contracts';
import { DEFAULT_GAME_IMAGE } from '@portal/shared-contracts/game-art';
import { landedState, renderRoute } from '../testing/render-route';
import { GameCard } from './game-card';

const game: Game = {
  id: 42,
  name: 'Moto Rush',
  category: 'Bike Racing',
  image: 'https://img.gamemonetize.com/moto/512x512.jpg',
  link: 'https://html5.gamemonetize.com/moto/',
  tags: [],
};

function renderCard(card: Game = game) {
  return renderRoute(<GameCard game={card} />, { path: '/all-games' });
}

function storedGame() {
  return {
    gameId: localStorage.getItem(STORAGE_KEYS.gameId),
    gameLink: localStorage.getItem(STORAGE_KEYS.gameLink),
    gameName: localStorage.getItem(STORAGE_KEYS.gameName),
    gameImage: localStorage.getItem(STORAGE_KEYS.gameImage),
    gameCategory: localStorage.getItem(STORAGE_KEYS.gameCategory),
  };
}

beforeEach(() => localStorage.clear());

describe('GameCard (product §2.12)', () => {
  test('is a real link to the play page showing image, name and category', () => {
    renderCard();
    const link = screen.getByRole('link', { name: /Moto Rush/ });
    expect(link).toHaveAttribute('href', '/game/42');
    expect(link).toHaveTextContent('Moto Rush');
    expect(link).toHaveTextContent('Bike Racing');
    const img = link.querySelector('img');
    expect(img).toHaveAttribute('src', game.image);
    // Lazy, with intrinsic size so the grid does not jump while thumbnails load.
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '512');
    expect(img).toHaveAttribute('height', '512');
  });

  test('a click saves the five storage keys and opens /game/{id} with link and name as state', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('link', { name: /Moto Rush/ }));
    expect(storedGame()).toEqual({
      gameId: '42',
      gameLink: 'https://html5.gamemonetize.com/moto/',
      gameName: 'Moto Rush',
      gameImage: 'https://img.gamemonetize.com/moto/512x512.jpg',
      gameCategory: 'Bike Racing',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/game/42');
    expect(landedState()).toEqual({ gameLink: 'https://html5.gamemonetize.com/moto/', gameName: 'Moto Rush' });
  });

  test('the keyboard reaches the card and Enter opens the game', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.tab();
    expect(screen.getByRole('link', { name: /Moto Rush/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/game/42');
    expect(localStorage.getItem(STORAGE_KEYS.gameId)).toBe('42');
  });

  test('a modified click (new tab) still saves the game but leaves navigation to the browser', () => {
    renderCard();
    const link = screen.getByRole('link', { name: /Moto Rush/ });
    // jsdom cannot open tabs: stop the browser's default action once React has seen the click.
    const preventBrowserNavigation = (event: Event) => event.preventDefault();
    window.addEventListener('click', preventBrowserNavigation);
    fireEvent.click(link, { ctrlKey: true });
    window.removeEventListener('click', preventBrowserNavigation);
    expect(localStorage.getItem(STORAGE_KEYS.gameName)).toBe('Moto Rush');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  test('stores a relative image as an absolute URL of the catalogue deployment', async () => {
    renderCard({ ...game, image: 'thumbs/moto.png' });
    await userEvent.click(screen.getByRole('link', { name: /Moto Rush/ }));
    expect(localStorage.getItem(STORAGE_KEYS.gameImage)).toBe(new URL('thumbs/moto.png', document.baseURI).href);
  });

  test('opens the game even when storage is unavailable', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      renderCard();
      await userEvent.click(screen.getByRole('link', { name: /Moto Rush/ }));
      expect(screen.getByTestId('location')).toHaveTextContent('/game/42');
      expect(warn).toHaveBeenCalled();
    } finally {
      setItem.mockRestore();
      warn.mockRestore();
    }
  });

  test('a thumbnail that fails to load falls back to the default game image, once', () => {
    renderCard();
    const img = screen.getByRole('link', { name: /Moto Rush/ }).querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_GAME_IMAGE);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_GAME_IMAGE);
  });
});

test('a card on the first screen loads its thumbnail at once and first; the others lazily', () => {
  const { container, unmount } = renderRoute(<GameCard game={game} priority />, { path: '/all-games' });
  const image = () => container.querySelector('img.catalog-game-card__image');
  expect(image()).toHaveAttribute('loading', 'eager');
  expect(image()).toHaveAttribute('fetchpriority', 'high');
  unmount();
  const later = renderRoute(<GameCard game={game} />, { path: '/all-games' });
  expect(later.container.querySelector('img.catalog-game-card__image')).toHaveAttribute('loading', 'lazy');
  expect(later.container.querySelector('img.catalog-game-card__image')).not.toHaveAttribute('fetchpriority');
});
