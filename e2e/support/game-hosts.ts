import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';

// Stand-ins for a game's host, in front of the fixture's healthy local test game: one that never
// answers (until told to come back), one that refuses to be framed by our site.
const testGamePage = readFileSync(path.join(__dirname, '..', 'fixtures', 'test-game.html'), 'utf8');

/**
 * The game's host takes the request and never answers; after `comeBack()` new requests get the
 * test game (those that hung go on hanging, as a host's stuck connections do).
 */
export async function hostThatNeverAnswers(page: Page, link: string): Promise<{ comeBack: () => void }> {
  const held: Route[] = [];
  let down = true;
  await page.route(link, async (route) => {
    if (down) held.push(route);
    else await route.fallback();
  });
  return {
    comeBack: () => {
      down = false;
    },
  };
}

/** The game's host answers, but forbids framing by any site (both headers a host may send). */
export async function hostThatRefusesFraming(page: Page, link: string): Promise<void> {
  await page.route(link, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      headers: { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" },
      body: testGamePage,
    }),
  );
}

/** The game ids of every "play started" the page sends, as they are sent. */
export function recordPlays(page: Page): number[] {
  const plays: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/plays'))
      plays.push((request.postDataJSON() as { gameId: number }).gameId);
  });
  return plays;
}
