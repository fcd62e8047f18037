/** @jest-environment node */
import { GAMES, categoryPath, gamesInCategory, listCategories, listTags, tagPath } from '@portal/shared-contracts';
import { fillSlots, fragmentPieces, propsKey } from '@portal/shared-contracts/fragments';
import { fragmentPage, renderFragmentPages } from '@portal/build-config/prerender/render-pages';
import { FIRST_SCREEN_CARDS } from '../cards';
import { preSwiperColumnsCss } from '../home/slider-config';
import { renderFragments } from './render-fragments';

type Rendered = Awaited<ReturnType<typeof renderFragments>>;

const linksIn = (html: string) => [...html.matchAll(/<a class="catalog-game-card" href="([^"]+)"/g)].map((match) => match[1]);

describe("the catalogue's pages rendered at build time (fragments.json)", () => {
  let pages: Rendered['pages'] = {};
  let props: Rendered['props'] = {};
  let linkedGames: Rendered['linkedGames'] = {};
  beforeAll(async () => {
    ({ pages, props, linkedGames } = await renderFragments());
  });

  it('has Home, All Games and every category, each under the path the site links', () => {
    expect(Object.keys(pages.HomePage ?? {})).toEqual(['/']);
    expect(Object.keys(pages.AllGamesPage ?? {})).toEqual(['/all-games']);
    expect(Object.keys(pages.CategoryPage ?? {}).sort()).toEqual(
      [...listCategories(GAMES).map(categoryPath), '/categories/*'].sort(),
    );
  });

  it("has one 'Page not found' for every category and tag the catalogue does not have, listing the ones it has", () => {
    const category = pages.CategoryPage?.['/categories/*'] ?? '';
    expect(category).toContain('Page not found');
    expect(category).toContain('No games found for this category.');
    for (const name of listCategories(GAMES)) expect(category).toContain(`href="${categoryPath(name)}"`);
    const tag = pages.TagPage?.['/tags/*'] ?? '';
    expect(tag).toContain('Page not found');
    for (const name of listTags(GAMES)) expect(tag).toContain(`href="${tagPath(name)}"`);
  });

  it("draws each page's games as real links to their play pages", () => {
    expect(new Set(linksIn(pages.AllGamesPage?.['/all-games'] ?? ''))).toEqual(new Set(GAMES.map((game) => `/game/${game.id}`)));
    expect(new Set(linksIn(pages.HomePage?.['/'] ?? ''))).toEqual(new Set(GAMES.map((game) => `/game/${game.id}`)));
    for (const category of listCategories(GAMES)) {
      const html = pages.CategoryPage?.[categoryPath(category)] ?? '';
      expect(linksIn(html)).toEqual(gamesInCategory(GAMES, category).map((game) => `/game/${game.id}`));
      expect(html).toContain('aria-current="page"');
    }
  });

  it('lists, for each page, the games its links lead to: the ones its HTML links', () => {
    const idsIn = (html: string) =>
      [...new Set(linksIn(html).map((href) => Number(href?.split('/').pop())))].sort((a, b) => a - b);
    for (const [expose, byPath] of Object.entries(pages))
      for (const [path, html] of Object.entries(byPath))
        expect([expose, path, linkedGames[expose]?.[path]]).toEqual([expose, path, idsIn(html)]);
    expect(linkedGames.HomePage?.['/']).toHaveLength(GAMES.length);
  });

  it("lays Home's slider out before Swiper runs: its columns' widths, from HOME_SLIDER, come in the HTML", () => {
    const home = pages.HomePage?.['/'] ?? '';
    expect(home).toMatch(/<section class="catalog-slider"[^>]*><style>/);
    expect(home).toContain(`<style>${preSwiperColumnsCss('.catalog-slider')}</style>`);
  });

  it("leaves Home's brand to the site: the shell fills the slots with its brand", () => {
    const home = pages.HomePage?.['/'] ?? '';
    expect(home).not.toContain('PlayVerse');
    const pieces = fragmentPieces(home);
    expect(pieces?.slots).toEqual(expect.arrayContaining(['brand.name', 'brand.blurb']));
    const filled =
      pieces &&
      fillSlots(pieces, {
        brand: { id: 'b', name: 'Arcade & Co', logo: '', title: '', favicon: '', blurb: 'Play now' },
      });
    expect(filled).toContain('<h1 class="home-hero__title">Arcade &amp; Co</h1>');
    expect(filled).toContain('Play now');
    expect(props.HomePage).toBe(propsKey({ brand: { id: '', name: '', logo: '', title: '', favicon: '', blurb: '' } }));
    expect(props.AllGamesPage).toBe('{}');
  });

  it("starts each page with its own markup: the first screen's pictures ask for priority themselves, with no preload links of React's ahead", () => {
    for (const [expose, byPath] of Object.entries(pages))
      for (const [path, html] of Object.entries(byPath))
        expect([expose, path, html.includes('rel="preload"')]).toEqual([expose, path, false]);
    const home = pages.HomePage?.['/'] ?? '';
    expect(home.startsWith('<div')).toBe(true);
    expect(home.split('fetchPriority="high"')).toHaveLength(FIRST_SCREEN_CARDS + 1);
  });

  it('stops the build for a page whose image preloads React would still write ahead of its markup', async () => {
    const pictures = Array.from({ length: 12 }, (_, index) => `https://images.example/${'picture'.repeat(8)}-${index}.png`);
    const Eager = () => (
      <div>
        {pictures.map((src) => (
          <img key={src} src={src} alt="" />
        ))}
      </div>
    );
    await expect(renderFragmentPages([fragmentPage('EagerPage', '/eager', '/eager', Eager, {})])).rejects.toThrow(
      'EagerPage at /eager: React put image preloads ahead of the markup',
    );
    const Lazy = () => <img src={pictures[0]} alt="" loading="lazy" />;
    const { pages: lazy } = await renderFragmentPages([fragmentPage('LazyPage', '/lazy', '/lazy', Lazy, {})]);
    expect(lazy.LazyPage?.['/lazy']).toMatch(/^<img /);
  });
});
