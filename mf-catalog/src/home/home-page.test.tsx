import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { GAMES, gamePath, type Brand } from '@portal/shared-contracts';
import { afterFirstPaint } from '../testing/after-first-paint';
import { renderRoute } from '../testing/render-route';
import { HomePage, NEW_ROW_SIZE } from './home-page';
import { FIRST_FRAME_COLUMNS } from './slider-config';

const brand: Brand = {
  id: 'gamenest',
  name: 'GameNest',
  logo: '/brand/gamenest-logo.svg',
  title: 'GameNest – Play Free Games Online',
  favicon: '/brand/gamenest-logo.svg',
  blurb:
    'GameNest brings you 70+ free single-player games to play instantly: puzzles to crack, races to win and casual games to unwind with, all free in your browser.',
};

function renderHome() {
  return renderRoute(<HomePage brand={brand} />, { path: '/' });
}

describe('Home page (product §2.7)', () => {
  test('a "New" row of the newest games (by the day added, then the later id), its "See all" All Games newest first', () => {
    renderHome();
    const row = screen.getByRole('region', { name: 'New' });
    const shown = within(within(row).getByRole('list'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    const newest = [...GAMES].sort((a, b) => (b.added ?? '').localeCompare(a.added ?? '') || b.id - a.id).slice(0, NEW_ROW_SIZE);
    expect(shown).toEqual(newest.map((game) => gamePath(game.id)));
    expect(within(row).getByRole('link', { name: 'See all: New' })).toHaveAttribute('href', '/all-games?sort=new');
  });

  test('the slider of every game has a heading', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 2, name: 'All games' })).toBeInTheDocument();
  });

  test('shows the current brand: its name and its blurb, word for word', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'GameNest' })).toBeInTheDocument();
    expect(screen.getByText(brand.blurb)).toBeInTheDocument();
  });

  test('the slider holds every game once, as cards with image, name and category', () => {
    renderHome();
    const slider = screen.getByRole('region', { name: 'Games' });
    for (const game of GAMES) {
      const link = within(slider).getByRole('link', { name: new RegExp(`^${escapeRegExp(game.name)}\\b`) });
      expect(link).toHaveAttribute('href', gamePath(game.id));
      expect(within(link).getByText(game.name)).toBeInTheDocument();
      expect(within(link).getByText(game.category)).toBeInTheDocument();
      expect(link.querySelector('img')).toHaveAttribute('src', game.image);
    }
    expect(slider.querySelectorAll('a[href^="/game/"]')).toHaveLength(GAMES.length);
  });

  test('lays the games out in columns of three rows', () => {
    renderHome();
    const columns = document.querySelectorAll('.catalog-slider__column');
    expect(columns).toHaveLength(Math.ceil(GAMES.length / 3));
    columns.forEach((column) => expect(column.querySelectorAll('.catalog-game-card').length).toBeLessThanOrEqual(3));
  });

  test('opened by a link, the first frame fills the columns a screen can show, and the rest once it is painted', async () => {
    render(
      <MemoryRouter initialEntries={['/all-games']}>
        <Routes>
          <Route path="/all-games" element={<Link to="/">Home</Link>} />
          <Route path="/" element={<HomePage brand={brand} />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    const sliderCards = () => within(screen.getByRole('region', { name: 'Games' })).queryAllByRole('link');
    // Every column is there for Swiper to lay out; the first screen's hold their cards.
    expect(document.querySelectorAll('.catalog-slider__column')).toHaveLength(Math.ceil(GAMES.length / 3));
    expect(sliderCards()).toHaveLength(FIRST_FRAME_COLUMNS * 3);
    await afterFirstPaint();
    expect(sliderCards().filter((link) => link.getAttribute('href')?.startsWith('/game/'))).toHaveLength(GAMES.length);
  });

  test('has previous and next arrows', () => {
    renderHome();
    expect(screen.getByRole('button', { name: 'Previous games' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next games' })).toBeInTheDocument();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
