import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GAMES, ROUTES, categoryPath, gamesInCategory, listCategories } from '@portal/shared-contracts';
import { renderRoute } from '../testing/render-route';
import { CategoryPage } from './category-page';

function renderCategory(category: string) {
  return renderRoute(<CategoryPage />, { path: categoryPath(category), pattern: ROUTES.category });
}

const menu = () => screen.getByRole('navigation', { name: 'Categories' });
const menuButton = () => screen.getByRole('button', { name: 'Categories' });

describe('Category page (product §2)', () => {
  test('decodes the category from the URL and lists exactly its games', () => {
    renderCategory('Racing Games');
    expect(screen.getByRole('heading', { level: 1, name: 'Racing Games' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Racing Games' });
    const cards = within(list).getAllByRole('link');
    const expected = gamesInCategory(GAMES, 'Racing Games');
    expect(cards).toHaveLength(expected.length);
    cards.forEach((card, index) => expect(card).toHaveTextContent(expected[index]!.name));
    for (const card of cards) expect(card).toHaveTextContent('Racing Games');
  });

  test('the side menu lists all distinct categories alphabetically and highlights the current one', () => {
    renderCategory('Card Games');
    const links = within(menu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(listCategories(GAMES));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(listCategories(GAMES).map(categoryPath));
    expect(within(menu()).getByRole('link', { name: 'Card Games' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(menu())
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  test("a category without games is 'Page not found': 'No games found for this category.' and every category", () => {
    renderCategory('Match-3 Games');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Match-3 Games' })).not.toBeInTheDocument();
    expect(screen.getByText('No games found for this category.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Match-3 Games' })).not.toBeInTheDocument();
    const known = within(screen.getByRole('list', { name: 'Our categories' })).getAllByRole('link');
    expect(known.map((link) => link.textContent)).toEqual(listCategories(GAMES));
    expect(known.map((link) => link.getAttribute('href'))).toEqual(listCategories(GAMES).map(categoryPath));
  });

  test('matches exactly: a differently cased or partial name finds nothing', () => {
    renderCategory('racing games');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('No games found for this category.')).toBeInTheDocument();
  });

  test('an unknown name, whatever it holds, is never drawn (nor run as markup)', () => {
    renderCategory('<img src=x onerror=alert(1)>');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(document.body).not.toHaveTextContent('onerror');
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  test('a category found from the list of known ones opens it', async () => {
    renderCategory('Nope');
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Our categories' })).getByRole('link', { name: 'Puzzle Games' }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Puzzle Games' })).toBeInTheDocument();
  });

  test('choosing another category in the menu shows it', async () => {
    renderCategory('Card Games');
    await userEvent.click(within(menu()).getByRole('link', { name: 'Puzzle Games' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Puzzle Games' })).toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Puzzle Games' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the drawer on small screens (product §2, §4 "Mobile category drawer")', () => {
  test('the menu button opens it and the cross closes it, with focus managed', async () => {
    const user = userEvent.setup();
    renderCategory('Card Games');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-controls', menu().id);

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const close = within(menu()).getByRole('button', { name: 'Close categories' });
    expect(close).toHaveFocus();

    await user.click(close);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  test('choosing a category closes it', async () => {
    const user = userEvent.setup();
    renderCategory('Card Games');
    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Strategy Games' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Strategy Games' })).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  test('choosing the current category closes it too', async () => {
    const user = userEvent.setup();
    renderCategory('Card Games');
    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Card Games' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape and the backdrop close it', async () => {
    const user = userEvent.setup();
    renderCategory('Card Games');
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    await user.click(document.querySelector('.catalog-category-menu__backdrop') as HTMLElement);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  test('Tab stays inside the open drawer (it once escaped to the cards under the overlay)', async () => {
    const user = userEvent.setup();
    renderCategory('Card Games');
    await user.click(menuButton());
    const close = within(menu()).getByRole('button', { name: 'Close categories' });
    const links = within(menu()).getAllByRole('link');
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(links.at(-1)).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    for (let i = 0; i < links.length + 3; i += 1) {
      await user.tab();
      expect(menu().contains(document.activeElement)).toBe(true);
    }
  });

  test('the page behind an open drawer does not scroll', async () => {
    const user = userEvent.setup();
    renderCategory('Card Games');
    await user.click(menuButton());
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });
});
