import type { Browser, Page } from '@playwright/test';
import { GAMES, gamesWithTag, listTags, PAGE_TEXT, tagKey, tagPath } from '@portal/shared-contracts';
import {
  likeShare,
  PLAY_DATA_PATHS,
  PLAY_DATA_TEXT,
  statsOf,
  type GameStatsSnapshot,
  type VoteResponse,
} from '@portal/shared-contracts/play-data';
import { expect, installOfflineRoutes, test } from '../fixtures';
import { remotePagesMounted } from '../support/federation';
import { renderedFrames } from '../support/frames';

// Play counts, Trending now, likes and reports as players meet them. One API serves the whole
// run: each test here plays its own games, but other specs play games too, so rankings are
// checked against the counts, not against an empty site. A retry meets the first attempt's plays
// and votes, so counts and shares are checked as what this attempt adds to what was there.
test.describe.configure({ mode: 'serial' });

const gameNamed = (id: number) => GAMES.find((game) => game.id === id)!.name;
const WIDTHS = [
  { width: 375, height: 812, trendingGame: 61, profiles: 3, likedGame: 62, reportedGame: 63 },
  { width: 1440, height: 900, trendingGame: 64, profiles: 4, likedGame: 65, reportedGame: 66 },
] as const;

/** A fresh browser profile (its own storage, so its own device id), answered offline like the fixture's. */
async function freshProfile(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  await installOfflineRoutes(context);
  return context.newPage();
}

async function openGameAndWaitForIt(page: Page, gameId: number): Promise<void> {
  await page.goto(`/game/${gameId}`);
  await expect(page.locator('main iframe')).toBeVisible();
  await expect(page.getByText(PAGE_TEXT.gameLoading)).toHaveCount(0, { timeout: 20_000 });
}

async function statsSnapshot(page: Page, apiUrl: string): Promise<GameStatsSnapshot> {
  return (await (await page.request.get(`${apiUrl}${PLAY_DATA_PATHS.stats}`)).json()) as GameStatsSnapshot;
}

test('the play page carries the game as JSON-LD, with its breadcrumbs, in the server HTML', async ({ request }) => {
  const html = await (await request.get('/game/5', { headers: { Accept: 'text/html' } })).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as { '@type': string; name?: string; itemListElement?: { name: string }[] },
  );
  expect(blocks.map((block) => block['@type'])).toEqual(['VideoGame', 'BreadcrumbList']);
  expect(blocks[0]!.name).toBe(gameNamed(5));
  expect(blocks[1]!.itemListElement!.map((item) => item.name)).toEqual(['Home', 'Bike Racing', gameNamed(5)]);
});

for (const { width, height, trendingGame, profiles, likedGame, reportedGame } of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height } });

    test(`${profiles} fresh profiles open a game, one reloads it 20 times: ${profiles} plays, and Home's Trending now ranks it by them`, async ({
      browser,
      page,
      apiUrl,
    }) => {
      test.setTimeout(240_000);
      const playsBefore = statsOf(await statsSnapshot(page, apiUrl), trendingGame).plays;
      const plays = playsBefore + profiles;
      const players = await Promise.all(Array.from({ length: profiles }, () => freshProfile(browser, { width, height })));
      for (const player of players) await openGameAndWaitForIt(player, trendingGame);
      for (let i = 0; i < 20; i += 1) {
        await players[0]!.reload();
        await expect(players[0]!.getByText(PAGE_TEXT.gameLoading)).toHaveCount(0, { timeout: 20_000 });
      }
      await expect.poll(async () => statsOf(await statsSnapshot(page, apiUrl), trendingGame).plays).toBe(plays);

      // Within a minute, Home shows it under Trending now where its plays rank it, with its count
      // on the card. The suite shares one API and other specs play games too (game 5 has many
      // plays by now), so only games with at least as many plays may stand ahead of it; alone on
      // a fresh site it leads.
      const label = `${plays} plays`;
      await expect(async () => {
        const snapshot = await statsSnapshot(page, apiUrl);
        const rank = snapshot.trending.indexOf(trendingGame);
        expect(rank).toBeGreaterThanOrEqual(0);
        for (const ahead of snapshot.trending.slice(0, rank))
          expect(statsOf(snapshot, ahead).plays).toBeGreaterThanOrEqual(plays);
        await page.goto('/');
        await remotePagesMounted(page);
        const trending = page.getByRole('region', { name: PLAY_DATA_TEXT.trendingNow });
        const card = trending.locator('.catalog-game-card').nth(rank);
        await expect(card).toContainText(gameNamed(trendingGame), { timeout: 3000 });
        await expect(card.locator('.catalog-game-card__plays')).toHaveText(label, { timeout: 1000 });
      }).toPass({ timeout: 60_000 });
      await expect(page.getByRole('region', { name: PLAY_DATA_TEXT.mostPlayed })).toBeVisible();

      // The play page says it too (a profile that has played it: its visit adds no play, so the
      // game stays ahead of the next width's game).
      await openGameAndWaitForIt(players[1]!, trendingGame);
      await expect(players[1]!.locator('.game-figures__plays')).toHaveText(label);
      await Promise.all(players.map((player) => player.context().close()));
    });

    test('Home with figures: the rows fill their held space, nothing in the page moves (no layout shift)', async ({ page }) => {
      interface Shift {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }
      await page.addInitScript(() => {
        const shifts: string[] = [];
        (window as unknown as { __shifts: string[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Shift[]) {
            if (entry.hadRecentInput) continue;
            // Shifts inside the page's content (the header's account slot is another part's).
            const inPage = entry.sources.filter(({ node }) =>
              (node instanceof Element ? node : node?.parentElement)?.closest('main'),
            );
            // What moved, from where to where: the failure names it.
            const moved = inPage.map(
              ({ node, previousRect: a, currentRect: b }) =>
                `${node?.nodeName ?? '?'}.${node instanceof Element ? node.className : ''} ${a.x},${a.y}+${a.height} -> ${b.x},${b.y}+${b.height}`,
            );
            if (moved.length > 0) shifts.push(`${entry.value.toFixed(4)}: ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/');
      await remotePagesMounted(page);
      // Real cards (links), not the placeholders the server's HTML holds the space with.
      await expect(
        page.getByRole('region', { name: PLAY_DATA_TEXT.trendingNow }).locator('a.catalog-game-card').first(),
      ).toBeVisible();
      // What could still move the page in view: requests in flight (play data), fonts, pictures
      // in view still loading (a lazy one below the fold moves nothing a player sees). Once none
      // is left and two more frames are rendered, any shift has been reported.
      await page.waitForLoadState('networkidle');
      await page.evaluate(async () => {
        await document.fonts.ready;
      });
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.images]
              .filter((image) => {
                const box = image.getBoundingClientRect();
                return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
              })
              .every((image) => image.complete),
          ),
        )
        .toBe(true);
      await renderedFrames(page);
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    });

    test('a like from one profile is seen by another (the share shows from 5 votes)', async ({ browser, page, apiUrl }) => {
      test.setTimeout(120_000);
      // Four earlier voters: three up, one down. A retry meets the votes of the attempt before
      // it (the earlier voters' are the same votes again), so the share is worked out from the
      // figures the API answers the last of them with.
      let votes = { likes: 0, dislikes: 0 };
      for (const [i, vote] of [1, 1, 1, -1].entries()) {
        const answer = await page.request.post(`${apiUrl}${PLAY_DATA_PATHS.votes}`, {
          data: { gameId: likedGame, deviceId: `e2eVoter${width}x${i}aaaaaaaaaa`, vote },
        });
        expect(answer.ok()).toBeTruthy();
        votes = ((await answer.json()) as VoteResponse).stats;
      }
      const shareWithThisLike = likeShare({ likes: votes.likes + 1, dislikes: votes.dislikes })!;
      await openGameAndWaitForIt(page, likedGame);
      await remotePagesMounted(page);
      const like = page.getByRole('button', { name: `${PLAY_DATA_TEXT.like}: ${gameNamed(likedGame)}` });
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.game-figures__share')).toHaveText(PLAY_DATA_TEXT.liked(shareWithThisLike));

      const other = await freshProfile(browser, { width, height });
      await openGameAndWaitForIt(other, likedGame);
      await expect(other.locator('.game-figures__share')).toHaveText(PLAY_DATA_TEXT.liked(shareWithThisLike));
      // Not that profile's vote.
      await expect(other.getByRole('button', { name: `${PLAY_DATA_TEXT.like}: ${gameNamed(likedGame)}` })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await other.context().close();

      // The vote stays this browser's, and can be taken back.
      await page.reload();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      const shareWithout = likeShare(votes);
      if (shareWithout === null) await expect(page.locator('.game-figures__share')).toHaveCount(0);
      else await expect(page.locator('.game-figures__share')).toHaveText(PLAY_DATA_TEXT.liked(shareWithout));
    });

    test('the play page lists its tags; a tag page, in the server HTML too, lists every game with it', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const game = GAMES.find((candidate) => candidate.id === likedGame)!;
      const tag = game.tags[0]!.trim();
      const label = listTags(GAMES).find((known) => tagKey(known) === tagKey(tag))!;
      const tagged = gamesWithTag(GAMES, tag);
      const html = await (await request.get(tagPath(tag), { headers: { Accept: 'text/html' } })).text();
      expect(html).toContain('mf_catalog/TagPage');
      for (const { id } of tagged) expect(html).toContain(`href="/game/${id}"`);

      await openGameAndWaitForIt(page, game.id);
      await remotePagesMounted(page);
      await page
        .getByRole('navigation', { name: PLAY_DATA_TEXT.tagsHeading })
        .getByRole('link', { name: tag, exact: true })
        .click();
      await expect(page).toHaveURL(tagPath(tag));
      await expect(page.getByRole('heading', { level: 1, name: PLAY_DATA_TEXT.tagHeading(label) })).toBeVisible();
      await expect(page.locator('main a.catalog-game-card')).toHaveCount(tagged.length);
    });

    test('a report is accepted once, then limited for the day', async ({ page }) => {
      test.setTimeout(90_000);
      await openGameAndWaitForIt(page, reportedGame);
      await remotePagesMounted(page);
      const send = async () => {
        const toggle = page.getByRole('button', { name: PLAY_DATA_TEXT.reportProblem });
        const form = page.getByRole('group', { name: PLAY_DATA_TEXT.reportProblem });
        // Below the fold at 1440 px: a click there once met the page's arrival scrolling back to
        // the game (the click reached the frame); the form is asked for again until it is open.
        await expect(async () => {
          if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
          await expect(form).toBeVisible({ timeout: 2000 });
        }).toPass({ timeout: 30_000 });
        await form.getByLabel(PLAY_DATA_TEXT.reportReasons.black_screen).check();
        await page.getByLabel(PLAY_DATA_TEXT.reportTextLabel).fill('Only a black box after loading');
        await page.getByRole('button', { name: PLAY_DATA_TEXT.reportSend }).click();
      };
      await send();
      await expect(page.locator('.Toastify').getByText(PLAY_DATA_TEXT.reportThanks)).toBeVisible();
      await expect(page.getByRole('button', { name: PLAY_DATA_TEXT.reportSend })).toHaveCount(0);
      await send();
      await expect(page.locator('.Toastify').getByText(PLAY_DATA_TEXT.reportAlready)).toBeVisible();
    });
  });
}
