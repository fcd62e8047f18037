import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NavMenu } from './nav-menu';

function activeItems(path: string): string[] {
  render(
    <MemoryRouter initialEntries={[path]}>
      <NavMenu />
    </MemoryRouter>,
  );
  return screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('NavMenu highlighting (product §2)', () => {
  it('lists Home, All Games and Categories with their routes', () => {
    render(
      <MemoryRouter>
        <NavMenu />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['All Games', '/all-games'],
      ['Categories', '/categories'],
    ]);
  });

  it.each([
    ['/', ['Home']],
    ['/all-games', ['All Games']],
    ['/categories', ['Categories']],
    ['/categories/Puzzle%20Games', ['Categories']],
    ['/categoriesXYZ', ['Categories']],
    ['/game/5', []],
    ['/search?q=car', []],
    ['/profile', []],
  ])('on %s highlights %j', (path, expected) => {
    expect(activeItems(path)).toEqual(expected);
  });
});
