import { applyPageMeta, pageHeadFor } from './page-head';
import { TEST_BRAND } from '../testing/test-brand';

const meta = (key: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[name="${key}"], meta[property="${key}"]`)?.content ?? null;

test('each route gets its own title, description and preview tags', () => {
  applyPageMeta('/game/5', '', TEST_BRAND);
  expect(document.title).toBe('Hobo Speedster – Bike Racing | Playverse');
  expect(meta('description')).toContain('Hobo Speedster');
  expect(meta('og:title')).toBe(document.title);
  expect(meta('og:image')).toMatch(/^https:\/\//);
  expect(meta('og:url')).toBe('http://localhost/game/5');

  applyPageMeta('/categories/Puzzle%20Games', '', TEST_BRAND);
  expect(document.title).toBe('Puzzle Games | Playverse');
  expect(meta('og:image')).toBeNull();
  expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);

  applyPageMeta('/search', '?q=moto', TEST_BRAND);
  expect(document.title).toBe('Search: moto | Playverse');
  expect(meta('robots')).toBe('noindex');

  applyPageMeta('/', '', TEST_BRAND);
  expect(document.title).toBe(TEST_BRAND.title);
});

test('the server gets the same head for a page (pre-rendered link previews)', () => {
  const head = pageHeadFor('/game/5', '', TEST_BRAND, 'https://play.example');
  expect(head.title).toBe('Hobo Speedster – Bike Racing | Playverse');
  expect(head.tags).toContainEqual({ attribute: 'property', key: 'og:url', content: 'https://play.example/game/5' });
  expect(head.tags.find((tag) => tag.key === 'og:image')?.content).toMatch(/^https:\/\//);
});
