/** @jest-environment node */
import { GAMES, gamePath } from '@portal/shared-contracts';
import { renderFragments } from './render-fragments';

type Rendered = Awaited<ReturnType<typeof renderFragments>>;

describe("the player's pages rendered at build time (fragments.json)", () => {
  let pages: Rendered['pages'] = {};
  let props: Rendered['props'] = {};
  let linkedGames: Rendered['linkedGames'] = {};
  beforeAll(async () => {
    ({ pages, props, linkedGames } = await renderFragments());
  });

  it("has every catalogue game's play page, rendered for a site that names no game hosts of its own", () => {
    expect(Object.keys(pages.PlayPage ?? {}).sort()).toEqual(GAMES.map((game) => gamePath(game.id)).sort());
    expect(props.PlayPage).toBe('{}');
  });

  it('frames each game, under its name, with its more-like-this links', () => {
    for (const game of GAMES) {
      const html = pages.PlayPage?.[gamePath(game.id)] ?? '';
      expect(html).toContain(`<iframe class="game-frame__iframe" src="${game.link}"`);
      expect(html).toContain('Game Loading...');
      expect(html).toMatch(/<h2[^>]*>More like this<\/h2>/);
      expect(html).not.toContain('Game not found');
    }
  });

  it('lists, for each play page, the games it links to: the ones its HTML links', () => {
    for (const game of GAMES) {
      const html = pages.PlayPage?.[gamePath(game.id)] ?? '';
      const linked = [...new Set([...html.matchAll(/href="\/game\/(\d+)"/g)].map((match) => Number(match[1])))].sort(
        (a, b) => a - b,
      );
      expect([game.id, linkedGames.PlayPage?.[gamePath(game.id)]]).toEqual([game.id, linked]);
      expect(linked.length).toBeGreaterThan(0);
    }
  });
});
