import type { Game, LastPlayedGame } from '@portal/shared-contracts';
import { readNavigationState, resolveGameSource, toPlayableLink } from './game-source';

const CATALOGUE: Game[] = [
  {
    id: 5,
    name: 'Hobo Speedster',
    category: 'Bike Racing',
    image: 'hobo.jpg',
    link: 'https://html5.example.com/hobo/',
    tags: [],
  },
  {
    id: 7,
    name: 'Block Puzzle',
    category: 'Puzzle Games',
    image: 'block.jpg',
    link: 'https://html5.example.com/block/',
    tags: [],
  },
];

const storedGame = (overrides: Partial<LastPlayedGame> = {}): Partial<LastPlayedGame> => ({
  gameId: '5',
  gameLink: 'https://html5.example.com/stored-hobo/',
  gameName: 'Hobo Speedster (stored)',
  gameImage: 'hobo.jpg',
  gameCategory: 'Bike Racing',
  ...overrides,
});

const resolve = (gameId: string | undefined, navigationState: unknown, stored: Partial<LastPlayedGame> = {}) =>
  resolveGameSource({ gameId, navigationState, stored, catalogue: CATALOGUE });

describe('toPlayableLink', () => {
  it.each(['https://html5.example.com/game/', 'http://localhost:9000/test-game.html', '  https://example.com/x  '])(
    'accepts %s',
    (link) => {
      expect(toPlayableLink(link)).toMatch(/^https?:\/\//);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'blob:https://example.com/1234',
    'file:///etc/passwd',
    'ftp://example.com/game',
    '//example.com/protocol-relative',
    '/game/relative',
    'not a url',
    '',
    undefined,
    42,
  ])('rejects %p', (link) => {
    expect(toPlayableLink(link)).toBeUndefined();
  });
});

describe('readNavigationState', () => {
  it('keeps only string fields of an object', () => {
    expect(readNavigationState({ gameLink: 'https://a/', gameName: 7 })).toEqual({ gameLink: 'https://a/', gameName: undefined });
  });
  it.each([null, undefined, 'https://a/', 3])('treats %p as no state', (state) => {
    expect(readNavigationState(state)).toEqual({});
  });
});

describe('resolveGameSource', () => {
  it.each([
    {
      name: 'prefers navigation state over storage and catalogue',
      id: '5',
      state: { gameLink: 'https://html5.example.com/from-card/', gameName: 'From Card' },
      link: 'https://html5.example.com/from-card/',
      expected: ['From Card', 'Bike Racing', 'navigation'],
    },
    {
      name: 'falls back to local storage when there is no navigation state (a reload)',
      id: '5',
      state: null,
      link: 'https://html5.example.com/stored-hobo/',
      expected: ['Hobo Speedster (stored)', 'Bike Racing', 'storage'],
    },
    {
      name: 'uses the catalogue when storage remembers another game (a shared link)',
      id: '7',
      state: null,
      link: 'https://html5.example.com/block/',
      expected: ['Block Puzzle', 'Puzzle Games', 'catalogue'],
    },
  ])('$name', ({ id, state, link, expected: [name, category, from] }) => {
    expect(resolve(id, state, storedGame())).toEqual({ id, name, link, category, from });
  });

  it('uses navigation state even for an id the catalogue does not know', () => {
    expect(resolve('999', { gameLink: 'https://html5.example.com/new/', gameName: 'New Game' })).toMatchObject({
      link: 'https://html5.example.com/new/',
      name: 'New Game',
      from: 'navigation',
      category: undefined,
    });
  });

  it('falls back to storage for a game outside the catalogue when storage remembers that id', () => {
    expect(resolve('999', undefined, storedGame({ gameId: '999', gameCategory: '' }))).toMatchObject({
      from: 'storage',
      category: undefined,
    });
  });

  it('uses the catalogue when nothing is stored', () => {
    expect(resolve('5', null, {})).toMatchObject({ from: 'catalogue', link: 'https://html5.example.com/hobo/' });
  });

  it('never shows a stored game under the URL of another id', () => {
    expect(resolve('999', null, storedGame())).toBeUndefined();
  });

  it('is "not found" for an unknown id with nothing to go on', () => {
    expect(resolve('12345', null, {})).toBeUndefined();
    expect(resolve('not-a-number', undefined, {})).toBeUndefined();
    expect(resolve(undefined, undefined, storedGame())).toBeUndefined();
    expect(resolve('  ', undefined, storedGame())).toBeUndefined();
  });

  it('never returns a non-http(s) link: an unsafe source is skipped', () => {
    expect(resolve('999', { gameLink: 'javascript:alert(1)', gameName: 'Evil' })).toBeUndefined();
    expect(resolve('999', null, storedGame({ gameId: '999', gameLink: 'data:text/html,hi' }))).toBeUndefined();
    // A known id still plays its real game rather than the tampered link.
    expect(
      resolve('5', { gameLink: 'javascript:alert(1)', gameName: 'Evil' }, storedGame({ gameLink: 'javascript:void 0' })),
    ).toMatchObject({
      from: 'catalogue',
      link: 'https://html5.example.com/hobo/',
    });
  });

  it('skips a source without a name', () => {
    expect(resolve('5', { gameLink: 'https://html5.example.com/x/', gameName: '   ' }, {})).toMatchObject({ from: 'catalogue' });
    expect(resolve('5', { gameLink: 'https://html5.example.com/x/' }, storedGame())).toMatchObject({ from: 'storage' });
  });

  it('trims the name', () => {
    expect(resolve('5', { gameLink: 'https://html5.example.com/x/', gameName: '  Spaced  ' })).toMatchObject({ name: 'Spaced' });
  });
});

describe('only configured game hosts play', () => {
  const foreign = { gameLink: 'https://evil.example/steal/', gameName: 'Evil' };

  it('refuses a link on any other host: an unknown id then shows "Game not found"', () => {
    expect(resolveGameSource({ gameId: '999', navigationState: foreign, stored: {}, catalogue: CATALOGUE })).toBeUndefined();
    const stored = storedGame({ gameId: '999', gameLink: 'https://evil.example/stored/' });
    expect(resolveGameSource({ gameId: '999', navigationState: undefined, stored, catalogue: CATALOGUE })).toBeUndefined();
  });

  it('falls back to the catalogue entry when a known id comes with a foreign link', () => {
    const source = resolveGameSource({ gameId: '5', navigationState: foreign, stored: {}, catalogue: CATALOGUE });
    expect(source).toMatchObject({ link: 'https://html5.example.com/hobo/', from: 'catalogue' });
  });

  it("refuses the site's own origin even when it is configured", () => {
    const own = { gameLink: 'http://localhost/profile', gameName: 'Profile' };
    const inputs = { gameId: '999', navigationState: own, stored: {}, catalogue: CATALOGUE, siteOrigin: 'http://localhost' };
    expect(resolveGameSource({ ...inputs, gameHosts: ['http://localhost'] })).toBeUndefined();
  });

  it('plays links on hosts the runtime config lists, and only those', () => {
    const state = { gameLink: 'https://games.partner.example/g/1', gameName: 'Partner Game' };
    const inputs = { gameId: '999', navigationState: state, stored: {}, catalogue: CATALOGUE };
    expect(resolveGameSource({ ...inputs, gameHosts: ['https://games.partner.example'] })?.link).toBe(
      'https://games.partner.example/g/1',
    );
    expect(resolveGameSource({ ...inputs, gameHosts: ['https://other.example'] })).toBeUndefined();
  });
});
