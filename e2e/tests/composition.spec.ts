import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { openGameFromSearch } from '../support/catalogue';
import { loadedSharedCopies } from '../support/federation';

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'react-toastify',
  '@portal/shared-contracts',
];

/** Marks the window so a later check can prove no full page reload happened. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function expectSameWindow(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

async function expectChromeIntact(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByPlaceholder('Search Games')).toBeAttached();
  await expect(page.getByText('Enjoy a variety of free small games online.')).toBeVisible();
  await expect(page.getByText(/All Rights Reserved\./)).toBeVisible();
}

test.describe('composition', () => {
  test('header, footer and a page of each remote, navigated client-side', async ({ page }) => {
    await page.goto('/');
    await expectChromeIntact(page);
    await expect(page.getByRole('link', { name: /home$/i }).first()).toHaveAttribute('href', '/');
    await markWindow(page);

    // mf_account renders the header slot.
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    // mf_catalog renders All Games.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Games' }).click();
    await expect(page).toHaveURL(/\/all-games$/);
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main').getByRole('alert')).toHaveCount(0);

    // /categories redirects to the first category, alphabetically.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/categories\/Arcade%20Games$/);

    // mf_player renders the play page (reached client-side through the search box).
    await openGameFromSearch(page, 'Hobo Speedster');
    await expect(page).toHaveURL(/\/game\/5$/);
    await expect(page.locator('main iframe')).toHaveAttribute('title', 'Hobo Speedster');

    await expectSameWindow(page);
    await expectChromeIntact(page);
  });

  test('an unknown path gets a not-found page inside the site chrome, answered 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/^Page not found \|/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectChromeIntact(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a category or tag the site does not have is a 404 "Page not found" listing the ones it has; real pages are 200', async ({
    page,
  }) => {
    for (const path of ['/', '/all-games', '/categories/Arcade%20Games', '/tags/puzzle', '/game/5', '/terms', '/search?q=zzz'])
      expect((await page.request.get(path, { headers: { Accept: 'text/html' } })).status(), path).toBe(200);
    for (const path of ['/categories/Nope', '/tags/nope', '/game/9999', '/all-games/nope'])
      expect((await page.request.get(path, { headers: { Accept: 'text/html' } })).status(), path).toBe(404);

    const response = await page.goto('/categories/Nope');
    expect(response?.status()).toBe(404);
    // The server's HTML already says it, before any script runs.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<title>Page not found |');
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(html).not.toMatch(/<h1[^>]*>Nope<\/h1>/);
    await expect(page).toHaveTitle(/^Page not found \|/);
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Nope' })).toHaveCount(0);
    await expect(main.getByText('No games found for this category.')).toBeVisible();
    await main.getByRole('list', { name: 'Our categories' }).getByRole('link', { name: 'Puzzle Games' }).click();
    await expect(page).toHaveURL(/\/categories\/Puzzle%20Games$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Puzzle Games' })).toBeVisible();
    await expect(page).toHaveTitle(/^Puzzle Games \|/);

    expect((await page.goto('/tags/nope'))?.status()).toBe(404);
    await expect(main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(main.getByRole('list', { name: 'Our tags' }).getByRole('link', { name: 'Puzzle', exact: true })).toBeVisible();
  });

  test('every shared singleton is downloaded once, from the shell (react-toastify: from one part)', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.goto('/game/5');
    await expect(page.locator('main iframe')).toBeAttached();
    // The first toast brings react-toastify (the play page itself does not need it).
    await page.locator('main').getByRole('button', { name: 'Share' }).click();
    await expect(page.locator('.Toastify').getByText('Link copied to the clipboard.')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Games' }).click();
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();

    const providers = await loadedSharedCopies(page, SINGLETONS);
    for (const name of SINGLETONS) expect(providers[name], name).toHaveLength(1);
    // The shell provides shared-contracts too, hinted with its start-up (decision 0029): a remote's
    // copy would cost one more round trip before the page's content. The toast container loads on
    // demand (decision 0028), so react-toastify comes from the first part that needs it.
    for (const name of SINGLETONS.filter((n) => n !== 'react-toastify')) expect(providers[name]![0], name).toMatch(/^shell@/);
  });
});

test.describe('a remote that is down costs only its own area', () => {
  test('catalogue down: fallback with Retry, rest of the site works, Retry recovers without reload', async ({
    page,
    context,
    ports,
  }) => {
    const catalogue = `http://localhost:${ports.mf_catalog}/**`;
    await context.route(catalogue, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await expect(page.locator('main').getByRole('alert')).toContainText('taking a break');
    await expectChromeIntact(page);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await markWindow(page);

    // The player's page still works.
    await page.goto('/game/5');
    await expect(page.locator('main iframe')).toHaveAttribute('title', 'Hobo Speedster');

    await page.goto('/all-games');
    await expect(page.locator('main').getByRole('button', { name: 'Retry' })).toBeVisible();
    await markWindow(page);
    await context.unroute(catalogue);
    await page.locator('main').getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveCount(0);
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectSameWindow(page);
  });

  test('player down: its page falls back, catalogue pages still work', async ({ page, context, ports }) => {
    const player = `http://localhost:${ports.mf_player}/**`;
    await context.route(player, (route) => route.abort('connectionrefused'));
    await page.goto('/game/5');
    await expect(page.locator('main').getByRole('alert')).toContainText('taking a break');
    await expectChromeIntact(page);
    await markWindow(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Games' }).click();
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    // Wait for the fallback first: unrouting earlier lets the runtime's own retries succeed.
    await expect(page.locator('main').getByRole('button', { name: 'Retry' })).toBeVisible();
    await context.unroute(player);
    await page.locator('main').getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('main iframe')).toHaveAttribute('title', 'Hobo Speedster');
    await expectSameWindow(page);
  });

  test('account down: the header slot offers Retry, every page still works', async ({ page, context, ports }) => {
    const account = `http://localhost:${ports.mf_account}/**`;
    await context.route(account, (route) => route.abort('connectionrefused'));
    await page.goto('/all-games');
    const slot = page.locator('[data-slot="account"]');
    await expect(slot.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expectChromeIntact(page);
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/game/5');
    await expect(page.locator('main iframe')).toBeAttached();
    await expect(slot.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The modal host fails silently (no stray Retry elsewhere on the page).
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(1);
    await markWindow(page);
    await context.unroute(account);
    await slot.getByRole('button', { name: 'Retry' }).click();
    await expect(slot.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // The silent modal host came back with it: Sign In opens its dialog.
    await slot.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectSameWindow(page);
  });
});

test.describe('branding by host', () => {
  const cases = [
    {
      host: 'playverse.games',
      title: 'PlayVerse – Free Online Games',
      name: 'PlayVerse',
      logo: '/brand/playverse-logo.svg',
      blurb: /Welcome to PlayVerse/,
    },
    {
      host: 'play.gamenest.fun',
      title: 'GameNest – Play Free Games Online',
      name: 'GameNest',
      logo: '/brand/gamenest-logo.svg',
      blurb: /GameNest brings you 70\+ free/,
    },
    {
      host: 'other-host.test',
      title: 'Free Online Games',
      name: 'Free Games',
      logo: '/brand/default-game-logo.svg',
      blurb: /Play 70\+ free single-player games online/,
    },
  ];
  for (const brand of cases) {
    test(`${brand.host} shows the ${brand.name} brand`, async ({ page, ports }) => {
      await page.goto(`http://${brand.host}:${ports.shell}/`);
      await expect(page).toHaveTitle(brand.title);
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', brand.logo);
      await expect(page.locator('.site-header__logo img')).toHaveAttribute('src', brand.logo);
      await expect(page.locator('footer')).toContainText(brand.name);
      await expect(page.locator('main')).toContainText(brand.blurb);
    });
  }
});

test.describe('responsive layout', () => {
  for (const width of [360, 768, 1024, 1440]) {
    test(`nothing overflows sideways at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/', '/all-games', '/categories/Puzzle%20Games', '/game/5', '/profile']) {
        await page.goto(path);
        await expect(page.locator('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[data-slot="account"]').getByRole('button').first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        // The header's last control (the account slot) is fully inside the window.
        const slot = await page.locator('[data-slot="account"]').boundingBox();
        expect(slot!.x + slot!.width, `${path} account slot at ${width}px`).toBeLessThanOrEqual(width);
      }
    });
  }
});
