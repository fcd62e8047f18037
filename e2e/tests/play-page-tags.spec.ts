import { GAMES, tagPath } from '@portal/shared-contracts';
import { PLAY_DATA_TEXT } from '@portal/shared-contracts/play-data';
import { expect, test } from '../fixtures';

// The play page's tag links, clicked as soon as they are there, on a slow machine (the CPU
// throttled 4x, as a loaded CI runner is): every click navigates.
const game = GAMES.find((candidate) => candidate.id === 65)!;
const tag = game.tags[0]!.trim();

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}px a tag link navigates in 20 of 20 tries, clicked right after arrival under CPU throttling`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let navigated = 0;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await page.goto(`/game/${game.id}`);
      await page
        .getByRole('navigation', { name: PLAY_DATA_TEXT.tagsHeading })
        .getByRole('link', { name: tag, exact: true })
        .click();
      // A click that did not navigate leaves the page where it was: the URL tells within the wait.
      await expect(page)
        .toHaveURL(tagPath(tag), { timeout: 8_000 })
        .then(
          () => (navigated += 1),
          () => undefined,
        );
    }
    expect(navigated).toBe(20);
  });
}
