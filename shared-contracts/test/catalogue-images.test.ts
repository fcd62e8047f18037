import { GAMES, KNOWN_CATEGORIES, listCategories, resolveGameImage } from '../src';
import { CATEGORY_IMAGES, DEFAULT_CATEGORY_IMAGE, categoryImage } from '../src/catalogue/category-art';
import { DEFAULT_GAME_IMAGE } from '../src/catalogue/game-art';
import { svgDataUri } from '../src/catalogue/svg-art';

/** Tags left open or closed out of order; [] for well-nested markup. */
function unbalancedTags(markup: string): string[] {
  const stack: string[] = [];
  const problems: string[] = [];
  for (const [, closing, name, selfClosing] of markup.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) stack.push(name as string);
    else if (stack.pop() !== name) problems.push(`</${name}>`);
  }
  return [...problems, ...stack];
}

const svgOf = (uri: string) => decodeURIComponent(uri.replace(/^data:image\/svg\+xml,/, ''));

describe('category artwork (product §2.12)', () => {
  test('every known category, Match-3 Games included, has its own distinct image', () => {
    const images = KNOWN_CATEGORIES.map((c) => categoryImage(c));
    expect(images).not.toContain(DEFAULT_CATEGORY_IMAGE);
    expect(new Set(images).size).toBe(KNOWN_CATEGORIES.length);
    expect(categoryImage('Match-3 Games')).toBe(CATEGORY_IMAGES['Match-3 Games']);
  });

  test('every category in the data has artwork', () => {
    for (const category of listCategories(GAMES)) expect(categoryImage(category)).not.toBe(DEFAULT_CATEGORY_IMAGE);
  });

  test('an unknown category gets the default category image', () => {
    expect(categoryImage('Shooter Games')).toBe(DEFAULT_CATEGORY_IMAGE);
    expect(categoryImage('')).toBe(DEFAULT_CATEGORY_IMAGE);
    expect(categoryImage('arcade games')).toBe(DEFAULT_CATEGORY_IMAGE);
    // Inherited object keys are not categories.
    expect(categoryImage('toString')).toBe(DEFAULT_CATEGORY_IMAGE);
  });

  test('all artwork is a self-contained SVG data URI with balanced tags', () => {
    const all = [...Object.values(CATEGORY_IMAGES), DEFAULT_CATEGORY_IMAGE, DEFAULT_GAME_IMAGE];
    for (const uri of all) {
      expect(uri).toMatch(/^data:image\/svg\+xml,/);
      const svg = svgOf(uri);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/href=|<script|https?:\/\/(?!www\.w3\.org)/);
      expect(unbalancedTags(svg)).toEqual([]);
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });

  test('the default game image and default category image differ', () => {
    expect(DEFAULT_GAME_IMAGE).not.toBe(DEFAULT_CATEGORY_IMAGE);
  });

  test('svgDataUri escapes characters that would break a URL', () => {
    const uri = svgDataUri('<svg>\n  <text>#1 & "x"</text>\n</svg>');
    expect(uri).not.toMatch(/[#"\s<>]/);
    expect(svgOf(uri)).toBe('<svg><text>#1 & "x"</text></svg>');
  });
});

describe('resolveGameImage (product §3: relative images belong to the catalogue deployment)', () => {
  const base = 'http://localhost:8081/';

  test('keeps full http and https URLs as they are', () => {
    expect(resolveGameImage('https://img.gamemonetize.com/a/512x512.jpg', base)).toBe(
      'https://img.gamemonetize.com/a/512x512.jpg',
    );
    expect(resolveGameImage('http://cdn.example/x.png', base)).toBe('http://cdn.example/x.png');
    expect(resolveGameImage('HTTPS://CDN.example/x.png', base)).toBe('HTTPS://CDN.example/x.png');
  });

  test('resolves relative paths against the given base, not the page', () => {
    expect(resolveGameImage('images/game.png', base)).toBe('http://localhost:8081/images/game.png');
    expect(resolveGameImage('images/game.png', 'https://cdn.example/catalog/v2/')).toBe(
      'https://cdn.example/catalog/v2/images/game.png',
    );
    expect(resolveGameImage('/images/game.png', 'https://cdn.example/catalog/')).toBe('https://cdn.example/images/game.png');
  });

  test('leaves data: URIs alone', () => {
    expect(resolveGameImage(DEFAULT_GAME_IMAGE, base)).toBe(DEFAULT_GAME_IMAGE);
  });

  test('without a usable base returns the path unchanged', () => {
    expect(resolveGameImage('images/game.png', '')).toBe('images/game.png');
  });
});
