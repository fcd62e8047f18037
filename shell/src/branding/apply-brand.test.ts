import type { Brand } from '@portal/shared-contracts';
import { applyBrandToDocument } from './apply-brand';

const brand: Brand = {
  id: 'gn',
  name: 'GameNest',
  logo: '/brand/gn.svg',
  title: 'GameNest – Play',
  favicon: '/brand/gn.svg',
  blurb: '',
};

test('sets the document title and favicon of the brand', () => {
  applyBrandToDocument(brand);
  expect(document.title).toBe('GameNest – Play');
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  expect(icon?.getAttribute('href')).toBe('/brand/gn.svg');
  expect(icon?.type).toBe('image/svg+xml');
});

test('reuses the existing icon link instead of adding another', () => {
  applyBrandToDocument(brand);
  applyBrandToDocument({ ...brand, favicon: '/other.png' });
  expect(document.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
  expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/other.png');
});

test("keeps the page's own title when the server wrote the page's meta", () => {
  document.head.innerHTML = '<title>All Games | GameNest</title><meta name="description" content="x" data-page-meta>';
  applyBrandToDocument(brand);
  expect(document.title).toBe('All Games | GameNest');
  document.head.innerHTML = '';
});
