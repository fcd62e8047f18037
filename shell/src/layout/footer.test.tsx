import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Brand } from '@portal/shared-contracts';
import { BrandContext } from '../branding/brand-context';
import { Footer } from './footer';

const brand: Brand = { id: 'b', name: 'PlayVerse', logo: '/l.svg', title: 't', favicon: '/f.svg', blurb: 'x' };

test('footer shows the product §1 texts, the current year and a brand link to /', () => {
  render(
    <BrandContext.Provider value={brand}>
      <MemoryRouter>
        <Footer now={new Date('2031-05-01T12:00:00Z')} />
      </MemoryRouter>
    </BrandContext.Provider>,
  );
  expect(screen.getByText('Enjoy a variety of free small games online.')).toBeInTheDocument();
  expect(screen.getByText(/All Rights Reserved\./)).toHaveTextContent('© 2031 PlayVerse. All Rights Reserved.');
  expect(screen.getByRole('link', { name: 'PlayVerse' })).toHaveAttribute('href', '/');
});

test('the footer links the privacy page and the terms', () => {
  render(
    <BrandContext.Provider value={brand}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </BrandContext.Provider>,
  );
  const footer = screen.getByRole('contentinfo');
  expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
});
