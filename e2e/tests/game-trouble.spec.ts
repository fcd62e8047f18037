import type { Page } from '@playwright/test';
import { GAMES } from '@portal/shared-contracts';
import { PLAY_DATA_TEXT } from '@portal/shared-contracts/play-data';
import { moreLikeThis } from '@portal/shared-contracts/related';
import { expect, test } from '../fixtures';
import { hostThatNeverAnswers, hostThatRefusesFraming, recordPlays } from '../support/game-hosts';

// A game whose host is down or refuses to be framed: the play page says so over the frame, with
// Retry, similar games and a one-tap report, and never counts a play for it.
const TITLE = "This game isn't loading";
const LOAD_TIMEOUT_MS = 12_000;
const PLAY_VIEW_MS = 5_000;

const card = (page: Page) => page.getByRole('alertdialog', { name: TITLE });
const gameFrame = (page: Page) => page.locator('main iframe');

for (const { width, height, hanging, refusing } of [
  { width: 390, height: 844, hanging: 20, refusing: 21 },
  { width: 1440, height: 900, hanging: 22, refusing: 23 },
] as const) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height } });

    test(`a host that never answers: after ${LOAD_TIMEOUT_MS / 1000} s the card, with Retry, similar games and a report; no play until Retry brings the game`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const game = GAMES.find((candidate) => candidate.id === hanging)!;
      const host = await hostThatNeverAnswers(page, game.link);
      const plays = recordPlays(page);
      await page.goto(`/game/${game.id}`, { waitUntil: 'domcontentloaded' });
      const started = Date.now();
      await expect(card(page)).toBeVisible({ timeout: LOAD_TIMEOUT_MS + 8_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(LOAD_TIMEOUT_MS - 1_000);
      // The card covers the frame, inside the window.
      const stage = (await gameFrame(page).boundingBox())!;
      const box = (await card(page).boundingBox())!;
      expect(box).toEqual(stage);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      // 12 s in view, more than twice what a loaded game needs: a frame that never loaded is no play.
      expect(plays).toEqual([]);

      const similar = moreLikeThis(GAMES, game, 3);
      await expect(card(page).getByRole('link')).toHaveText(similar.map((pick) => pick.name));
      await card(page).getByRole('button', { name: 'Report it' }).click();
      await expect(card(page).getByRole('status')).toHaveText(PLAY_DATA_TEXT.reportThanks);
      await expect(card(page).getByRole('button', { name: 'Report it' })).toHaveCount(0);

      host.comeBack();
      await card(page).getByRole('button', { name: 'Retry' }).click();
      await expect(card(page)).toHaveCount(0);
      await expect(gameFrame(page).contentFrame().getByRole('heading', { name: 'Local test game' })).toBeVisible();
      // Now it has started: counted once it has been in view a few seconds.
      await expect.poll(() => plays, { timeout: PLAY_VIEW_MS + 10_000 }).toEqual([game.id]);

      // A similar game, from the card of another stalled visit, plays in its place.
      const again = await hostThatNeverAnswers(page, game.link);
      await page.goto(`/game/${game.id}`, { waitUntil: 'domcontentloaded' });
      await card(page)
        .getByRole('link', { name: similar[0]!.name })
        .click({ timeout: LOAD_TIMEOUT_MS + 8_000 });
      await expect(page).toHaveURL(`/game/${similar[0]!.id}`);
      await expect(gameFrame(page).contentFrame().getByRole('heading', { name: 'Local test game' })).toBeVisible();
      await expect(card(page)).toHaveCount(0);
      again.comeBack();
    });

    test.describe('a host that refuses framing', () => {
      // The browser reports the host's refusal as a CSP violation: that is the point here.
      test.use({ expectedCspViolations: [/frame-ancestors 'none'/] });
      test("'Game not working?' gives the card; its play is never counted", async ({ page }) => {
        test.setTimeout(60_000);
        const game = GAMES.find((candidate) => candidate.id === refusing)!;
        await hostThatRefusesFraming(page, game.link);
        const plays = recordPlays(page);
        // The page's clock, to run the time a loaded game needs to count past at once.
        await page.clock.install();
        await page.goto(`/game/${game.id}`);
        // The browser shows its own error page in the frame, and tells the page it loaded.
        await expect(gameFrame(page)).toHaveAttribute('src', game.link);
        await expect(page.getByText('Game Loading...')).toHaveCount(0);
        await page.getByRole('button', { name: 'Game not working?' }).click();
        await expect(card(page)).toBeVisible();
        await page.clock.runFor(PLAY_VIEW_MS * 3);
        await card(page).getByRole('button', { name: 'Close' }).click();
        await page.clock.runFor(PLAY_VIEW_MS * 3);
        expect(plays).toEqual([]);

        // The similar games play.
        await page.getByRole('button', { name: 'Game not working?' }).click();
        const pick = moreLikeThis(GAMES, game, 3)[0]!;
        await card(page).getByRole('link', { name: pick.name }).click();
        await expect(page).toHaveURL(`/game/${pick.id}`);
        await expect(gameFrame(page).contentFrame().getByRole('heading', { name: 'Local test game' })).toBeVisible();
      });
    });
  });
}
