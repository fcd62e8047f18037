import { screen } from '@testing-library/react';
import { renderRoute } from '../testing/render-route';
import { CategoriesRedirect } from './categories-redirect';

test('/categories replaces itself with the alphabetically first category, URL-encoded (product §2)', () => {
  renderRoute(<CategoriesRedirect />, { path: '/categories' });
  const landed = screen.getByTestId('location');
  expect(landed).toHaveTextContent(/^\/categories\/Arcade%20Games$/);
  expect(landed).toHaveAttribute('data-navigation-type', 'REPLACE');
});
