import { GAMES, categoryPath, gamesInCategory, listCategories, listTags, tagPath } from '@portal/shared-contracts';
import { fillSlots, propsKey } from '@portal/shared-contracts/fragments';
import { preSwiperColumnsCss } from '../home/slider-config';
import { renderFragments } from './render-fragments';

const linksIn = (html: string) => [...html.matchAll(/<a class="catalog-game-card" href="([^"]+)"/g)].map((match) => match[1]);

describe("the catalogue's pages rendered at build time (fragments.json)", () => {
  const { pages, props, linkedGames } = renderFragments();

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
    const filled = fillSlots(home, {
      brand: { id: 'b', name: 'Arcade & Co', logo: '', title: '', favicon: '', blurb: 'Play now' },
    });
    expect(filled).toContain('<h1 class="home-hero__title">Arcade &amp; Co</h1>');
    expect(filled).toContain('Play now');
    expect(props.HomePage).toBe(propsKey({ brand: { id: '', name: '', logo: '', title: '', favicon: '', blurb: '' } }));
    expect(props.AllGamesPage).toBe('{}');
  });
});
