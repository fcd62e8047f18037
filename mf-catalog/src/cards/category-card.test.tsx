import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CATEGORY_IMAGE, categoryImage } from '@portal/shared-contracts/category-art';
import { renderRoute } from '../testing/render-route';
import { CategoryCard } from './category-card';

describe('CategoryCard (product §2.12)', () => {
  test('links to /categories/{URL-encoded category} with the category image', () => {
    renderRoute(<CategoryCard category="Match-3 Games" />, { path: '/' });
    const link = screen.getByRole('link', { name: 'Match-3 Games' });
    expect(link).toHaveAttribute('href', '/categories/Match-3%20Games');
    expect(link.querySelector('img')).toHaveAttribute('src', categoryImage('Match-3 Games'));
  });

  test('an image that fails to load falls back to the default category image', () => {
    renderRoute(<CategoryCard category="Puzzle Games" />, { path: '/' });
    const img = screen.getByRole('link', { name: 'Puzzle Games' }).querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_CATEGORY_IMAGE);
  });

  test('marks the current category', () => {
    renderRoute(<CategoryCard category="Card Games" current />, { path: '/' });
    expect(screen.getByRole('link', { name: 'Card Games' })).toHaveAttribute('aria-current', 'page');
  });

  test('a click goes to the category page and tells the caller', async () => {
    const onSelect = jest.fn();
    renderRoute(<CategoryCard category="Card Games & More" onSelect={onSelect} />, { path: '/' });
    await userEvent.click(screen.getByRole('link', { name: 'Card Games & More' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/categories/Card%20Games%20%26%20More');
  });
});
