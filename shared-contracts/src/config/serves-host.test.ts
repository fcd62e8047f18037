import { servesHost, type BrandFamily } from './runtime';

const family = (hosts: string[]): BrandFamily => ({ id: 'b', name: 'B', logo: '', title: '', favicon: '', blurb: '', hosts });

test('a host the brands name, exactly or by wildcard, in any case; nothing else', () => {
  const brands = [family(['playverse.games', '*.playverse.games']), family(['gamenest.fun'])];
  expect(servesHost('playverse.games', brands)).toBe(true);
  expect(servesHost('WWW.Playverse.games.', brands)).toBe(true);
  expect(servesHost('gamenest.fun', brands)).toBe(true);
  expect(servesHost('evil-playverse.games', brands)).toBe(false);
  expect(servesHost('junk-1.invalid', brands)).toBe(false);
  expect(servesHost('playverse.games', [])).toBe(false);
});
