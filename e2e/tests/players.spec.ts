import type { Page } from '@playwright/test';
import { PLAY_DATA_PATHS } from '@portal/shared-contracts/play-data';
import { expect, latestMail, test } from '../fixtures';
import { loadedSharedCopies, remotePagesMounted } from '../support/federation';
import { renderedFrames } from '../support/frames';
import { scrollToBottomAsAPlayer } from '../support/play-page';

// A portal players come back to. Every behaviour at a phone (375) and a desktop (1440) width.

const HOBO = { id: 5, name: 'Hobo Speedster', category: 'Bike Racing' };
const main = (page: Page) => page.locator('main');
const gameFrame = (page: Page) => page.locator('main iframe');
const VIEWPORTS = [
  { name: 'phone', width: 375, height: 667 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Past the phone's tap-to-play cover (a no-op on larger screens). */
async function startGame(page: Page) {
  const cover = page.getByRole('button', { name: /^Tap to play / });
  if (await cover.isVisible()) await cover.click();
  await page.evaluate(() => document.fullscreenElement && document.exitFullscreen());
}

const frameHasFocus = (page: Page) => page.evaluate(() => document.activeElement?.tagName === 'IFRAME');

type Watched = { __keys: string[]; __scrolls: number; __keysLeftToThePage: string[] };

/**
 * From now on: the keys the game's frame receives, the page's scroll events, and the keys that
 * reached the page with their default action (a scroll) still allowed.
 */
async function watchKeysAndScrolls(page: Page) {
  const game = await (await gameFrame(page).elementHandle()).contentFrame();
  if (!game) throw new Error('the game frame has no document');
  await game.evaluate(() => {
    const seen = window as unknown as Watched;
    seen.__keys = [];
    window.addEventListener('keydown', (event) => seen.__keys.push(event.key), true);
  });
  const scrollY = await page.evaluate(() => {
    const seen = window as unknown as Watched;
    seen.__scrolls = 0;
    seen.__keysLeftToThePage = [];
    window.addEventListener('scroll', () => (seen.__scrolls += 1));
    // Added after the page's own listeners: it sees whether they kept the key from scrolling.
    window.addEventListener('keydown', (event) => {
      if (!event.defaultPrevented) seen.__keysLeftToThePage.push(event.key);
    });
    return window.scrollY;
  });
  return {
    scrollY,
    gameKeys: () => game.evaluate(() => (window as unknown as Watched).__keys),
    page: () =>
      page.evaluate(() => {
        const seen = window as unknown as Watched;
        return { scrollY: window.scrollY, scrolls: seen.__scrolls, keysLeftToThePage: seen.__keysLeftToThePage };
      }),
  };
}

for (const viewport of VIEWPORTS) {
  test.describe(`players at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the game keeps focus and its keys never scroll the page', async ({ page }) => {
      await page.goto(`/game/${HOBO.id}`);
      await remotePagesMounted(page);
      await expect(gameFrame(page).contentFrame().getByRole('heading', { name: 'Local test game' })).toBeVisible();
      await startGame(page);
      await expect.poll(() => frameHasFocus(page)).toBe(true);
      const watch = await watchKeysAndScrolls(page);
      const keys = ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Space', 'PageDown', 'ArrowRight'];
      for (const key of keys) await page.keyboard.press(key);
      // Every key reached the game, and the page then rendered: a scroll they began has fired by now.
      await expect.poll(watch.gameKeys).toHaveLength(keys.length);
      await renderedFrames(page);
      expect(await watch.page()).toEqual({ scrollY: watch.scrollY, scrolls: 0, keysLeftToThePage: [] });
      expect(await frameHasFocus(page)).toBe(true);
      // Focus on the page itself (a click on empty space): the keys still go to the game, not the scroll.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      // The first key, pressed on the page, is kept from scrolling and sends focus back; the next reaches the game.
      await expect.poll(watch.gameKeys).toHaveLength(keys.length + 1);
      await renderedFrames(page);
      expect(await watch.page()).toEqual({ scrollY: watch.scrollY, scrolls: 0, keysLeftToThePage: [] });
      expect(await frameHasFocus(page)).toBe(true);
      // The game is above the fold.
      const box = (await gameFrame(page).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    });

    test('recently played appears on Home and on the play page after playing', async ({ page }) => {
      await page.goto('/');
      await expect(main(page).getByRole('region', { name: 'Recently played' })).toHaveCount(0);
      await page.goto(`/game/${HOBO.id}`);
      // A play counts once the player has taken the page over from the server's HTML.
      await remotePagesMounted(page);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(HOBO.name);
      await page.goto('/game/37');
      const onPlayPage = main(page).getByRole('region', { name: 'Recently played' });
      await expect(onPlayPage.getByRole('link', { name: HOBO.name })).toBeVisible();
      await page.getByRole('link', { name: /home/i }).first().click();
      const row = main(page).getByRole('region', { name: 'Recently played' });
      await expect(row.getByRole('link').first()).toContainText('Correct Math');
      await expect(row.getByRole('link', { name: new RegExp(HOBO.name) })).toBeVisible();
    });

    test('"More like this" links play, on the play page and under Game not found and No games found', async ({ page }) => {
      await page.goto(`/game/${HOBO.id}`);
      await scrollToBottomAsAPlayer(page);
      const more = main(page).getByRole('region', { name: 'More like this' });
      const first = more.getByRole('link').first();
      const name = (await first.innerText()).trim();
      await first.click();
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(gameFrame(page).contentFrame().getByRole('heading', { name: 'Local test game' })).toBeVisible();

      await page.goto('/game/4');
      await expect(main(page).getByRole('heading', { name: 'Game not found' })).toBeVisible();
      await main(page).getByRole('region', { name: 'More like this' }).getByRole('link').first().click();
      await expect(gameFrame(page)).toBeVisible();

      // Neither a name nor a tag starts with it; a tag contains it (Motorcycle).
      await page.goto('/search?q=cycle');
      await expect(main(page).getByText('No games found', { exact: true })).toBeVisible();
      await main(page).getByRole('region', { name: 'More like this' }).locator('a').first().click();
      await expect(gameFrame(page)).toBeVisible();
    });

    test('search suggestions work by keyboard; Enter on the text still searches and shows a count', async ({ page }) => {
      await page.goto('/all-games');
      if (viewport.width < 768) await page.getByRole('button', { name: 'Search' }).click();
      const box = page.getByRole('combobox', { name: 'Search Games' });
      await box.fill('hobo');
      const list = page.getByRole('listbox', { name: 'Suggested games' });
      await expect(list.getByRole('option')).toHaveCount(1);
      await expect(list.getByRole('option').locator('img')).toBeVisible();
      await box.press('ArrowDown');
      await expect(list.getByRole('option', { name: /Hobo Speedster/ })).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/game\/5$/);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(HOBO.name);

      if (viewport.width < 768) await page.getByRole('button', { name: 'Search' }).click();
      await box.fill('ra');
      await expect(list.getByRole('option')).toHaveCount(6);
      await box.press('Escape');
      await expect(list).toBeHidden();
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=ra$/);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('RA');
      await expect(main(page).getByText(/^\d+ games$/)).toBeVisible();
      // (On phones the box closes after a search: read the input itself.)
      await expect(page.locator('header input[type="search"]')).toHaveValue('');
    });

    test('no horizontal overflow with a 300-character query', async ({ page }) => {
      const query = 'x'.repeat(150) + ' ' + 'Superlongwordwithoutanybreaks'.repeat(5).slice(0, 149);
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    });
  });
}

test.describe('players', () => {
  test('titles and descriptions differ per page', async ({ page }) => {
    const seen = new Map<string, string>();
    for (const path of ['/', '/all-games', '/categories/Bike%20Racing', '/search?q=moto', `/game/${HOBO.id}`]) {
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => page.title()).not.toBe('');
      const title = await page.title();
      expect([...seen.values()]).not.toContain(title);
      seen.set(path, title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    }
    expect(seen.get(`/game/${HOBO.id}`)).toContain(`${HOBO.name} – ${HOBO.category}`);
    expect(seen.get('/categories/Bike%20Racing')).toContain('Bike Racing');
    expect(seen.get('/search?q=moto')).toContain('moto');
  });

  test('/sitemap.xml lists every game and /robots.txt names it', async ({ page, request }) => {
    await page.goto('/all-games');
    await expect(main(page).locator('a[href^="/game/"]').first()).toBeVisible();
    const gameCount = await main(page).locator('a[href^="/game/"]').count();
    const hrefs = await main(page)
      .locator('a[href^="/game/"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.ok()).toBe(true);
    expect(sitemap.headers()['content-type']).toMatch(/xml/);
    const xml = await sitemap.text();
    expect(gameCount).toBeGreaterThan(60);
    for (const href of hrefs) expect(xml).toContain(`${new URL(href).pathname}</loc>`);
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });

  test("on a phone the tap-to-play cover stands alone over a game still loading: no 'Game Loading...' under its title", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    // The game's page never answers, so the frame stays loading behind the cover (and the
    // page's load event never comes).
    await page.route(/^https:\/\/html5\.gamemonetize\.com\//, () => undefined);
    await page.goto(`/game/${HOBO.id}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('button', { name: `Tap to play ${HOBO.name}` })).toBeVisible();
    const loading = page.locator('.game-frame__loading');
    await expect(loading).toHaveText('Game Loading...');
    await expect(loading).toHaveCSS('opacity', '0');
  });

  test('on a phone the tap-to-play cover opens the game full screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`/game/${HOBO.id}`);
    await expect(page.getByText('Turn your phone sideways for a bigger game.')).toBeVisible();
    await page.getByRole('button', { name: `Tap to play ${HOBO.name}` }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null)).toContain('game-frame');
    await expect(page.getByRole('button', { name: /^Tap to play/ })).toHaveCount(0);
    await page.evaluate(() => document.exitFullscreen());
  });

  test('Share copies the link with a toast where the Web Share API is missing', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The page's "play started" goes out with fetch keepalive, which Playwright never sees end, so
    // 'networkidle' never comes on a play page: the page has settled once that play is sent.
    const played = page.waitForRequest((request) => request.url().endsWith(PLAY_DATA_PATHS.plays));
    await page.goto(`/game/${HOBO.id}`);
    // The frame mounts without react-toastify: it loads with the first toast, so the first visit never pays for it.
    await expect(gameFrame(page)).toBeAttached();
    await played;
    await page.waitForLoadState('load');
    expect((await loadedSharedCopies(page, ['react-toastify']))['react-toastify']).toEqual([]);
    await main(page).getByRole('button', { name: 'Share' }).click();
    await expect(page.locator('.Toastify').getByText('Link copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/game\/5$/);
  });

  for (const viewport of VIEWPORTS) {
    test(`a favourite survives a reload and syncs to a second browser after sign-in (${viewport.width}px)`, async ({
      browser,
      page,
      apiUrl,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/all-games');
      const heart = main(page).getByRole('button', { name: `Favourite ${HOBO.name}` });
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(main(page).getByRole('button', { name: `Favourite ${HOBO.name}` })).toHaveAttribute('aria-pressed', 'true');
      await page.goto('/');
      await expect(
        main(page)
          .getByRole('region', { name: 'Your favourites' })
          .getByRole('link', { name: new RegExp(HOBO.name) }),
      ).toBeVisible();
      await page.goto(`/game/${HOBO.id}`);
      await expect(main(page).getByRole('button', { name: `Favourite ${HOBO.name}` })).toHaveAttribute('aria-pressed', 'true');

      // Sign up and verify through the API, then sign in here: the browser's favourites go to the account.
      const id = `fav${Date.now().toString(36)}${viewport.width}`;
      const player = { username: id, email: `${id}@example.com`, firstName: 'Fav', lastName: 'Player', password: 'Secret#123' };
      expect((await page.request.post(`${apiUrl}/register/`, { form: player })).status()).toBe(201);
      const { code } = await latestMail(page, apiUrl, player.email);
      await page.request.post(`${apiUrl}/verify-email/`, { form: { email: player.email, verification_code: code ?? '' } });
      const signIn = async (target: Page) => {
        const response = await target.request.post(`${apiUrl}/login/`, {
          data: { username: player.email, password: player.password },
        });
        const tokens = (await response.json()) as { access_token: string; refresh_token: string };
        await target.evaluate((t) => {
          localStorage.setItem('token', t.access_token);
          localStorage.setItem('refresh_token', t.refresh_token);
        }, tokens);
        return tokens.access_token;
      };
      const token = await signIn(page);
      await page.reload();
      await expect
        .poll(async () => {
          const response = await page.request.get(`${apiUrl}/api/library`, { headers: { authorization: `Bearer ${token}` } });
          return ((await response.json()) as { favourites: { gameId: number }[] }).favourites.map((entry) => entry.gameId);
        })
        .toEqual([HOBO.id]);

      // A second browser (another device): empty until it signs in, then it has the favourite.
      const other = await browser.newContext({ viewport, baseURL: new URL(page.url()).origin });
      const { installOfflineRoutes } = await import('../fixtures');
      await installOfflineRoutes(other);
      const second = await other.newPage();
      await second.goto('/');
      await expect(main(second).getByRole('region', { name: 'Your favourites' })).toHaveCount(0);
      await signIn(second);
      await second.reload();
      await expect(
        main(second)
          .getByRole('region', { name: 'Your favourites' })
          .getByRole('link', { name: new RegExp(HOBO.name) }),
      ).toBeVisible();
      await other.close();
    });
  }
});

test.describe('listed defects', () => {
  test('Tab stays inside the phone category drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/categories/Card%20Games');
    await main(page).getByRole('button', { name: 'Categories' }).click();
    const drawer = main(page).getByRole('navigation', { name: 'Categories' });
    await expect(drawer.getByRole('button', { name: 'Close categories' })).toBeFocused();
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((nav) => nav.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((nav) => nav.contains(document.activeElement))).toBe(true);
  });

  test('at 768px category names show whole and the grid has at least three columns', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/categories/Arcade%20Games');
    const names = main(page).getByRole('navigation', { name: 'Categories' }).locator('.catalog-category-card__name');
    await expect(names.first()).toBeVisible();
    for (const name of await names.all()) {
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    }
    const tops = await main(page)
      .locator('.catalog-game-grid__item')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(tops.filter((top) => top === tops[0]).length).toBeGreaterThanOrEqual(3);
  });

  for (const [width, height] of [
    [1366, 768],
    [375, 667],
    [1440, 900],
  ] as const) {
    test(`the Sign Up dialog fits ${width}x${height}, scrolling inside itself`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/#signup');
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      const button = dialog.getByRole('button', { name: 'Sign Up', exact: true });
      await button.scrollIntoViewIfNeeded();
      const buttonBox = (await button.boundingBox())!;
      expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(height);
      await expect(dialog.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    });
  }

  test('Terms links to the terms page', async ({ page }) => {
    await page.goto('/terms');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
  });

  test('the footer links the privacy page: served whole (200), no ads, no trackers, reCAPTCHA only in the sign-in and sign-up dialogs', async ({
    page,
  }) => {
    const recaptcha: string[] = [];
    page.on('request', (request) => {
      if (/\/recaptcha\//.test(request.url())) recaptcha.push(request.url());
    });
    const served = await page.request.get('/privacy', { headers: { Accept: 'text/html' } });
    expect(served.status()).toBe(200);
    expect(await served.text()).toMatch(/<h1[^>]*>Privacy<\/h1>/);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Privacy');
    await expect(page).toHaveTitle(/^Privacy \|/);
    await expect(main(page).getByText(/shows no ads and loads no third-party trackers/)).toBeVisible();
    for (const key of ['deviceId', 'gameId', 'favouriteGames', 'recentlyPlayedGames', 'refresh_token'])
      await expect(main(page).locator('code', { hasText: new RegExp(`^${key}$`) })).toBeVisible();
    await expect(main(page).getByText(/Google reCAPTCHA/)).toBeVisible();
    expect(recaptcha, 'no reCAPTCHA script outside its dialogs').toEqual([]);
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect.poll(() => recaptcha.length).toBeGreaterThan(0);
  });

  test('a refused verification code shows once, in the dialog', async ({ page }) => {
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    // The page is the server's HTML until the site's scripts take it over; the bus is theirs.
    await remotePagesMounted(page);
    // The verify dialog opened for a made-up address; a wrong code must not also be toasted.
    await page.evaluate(() => {
      const bus = (globalThis as unknown as { __gamesPortalEventBus__: EventTarget }).__gamesPortalEventBus__;
      bus.dispatchEvent(
        new CustomEvent('modal:open', { detail: { kind: 'VERIFY_EMAIL', props: { email: 'nobody@example.com' } } }),
      );
    });
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Verification Code').fill('000000');
    await dialog.getByRole('button', { name: 'Verify Email' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    const text = (await dialog.getByRole('alert').innerText()).trim();
    // Both toast containers (the shell's and the dialog's) are up, so a toast shown with the alert,
    // from the same answer, would not wait for one to load: the next rendered frames hold it.
    await expect(page.locator('.Toastify')).toHaveCount(2);
    await renderedFrames(page);
    await expect(page.locator('.Toastify').getByText(text)).toHaveCount(0);
  });

  test('an open avatar menu is above the toasts', async ({ page, apiUrl }) => {
    const id = `menu${Date.now().toString(36)}`;
    const player = { username: id, email: `${id}@example.com`, firstName: 'Menu', lastName: 'Player', password: 'Secret#123' };
    await page.request.post(`${apiUrl}/register/`, { form: player });
    const { code } = await latestMail(page, apiUrl, player.email);
    await page.request.post(`${apiUrl}/verify-email/`, { form: { email: player.email, verification_code: code ?? '' } });
    const tokens = (await (
      await page.request.post(`${apiUrl}/login/`, { data: { username: player.email, password: player.password } })
    ).json()) as {
      access_token: string;
      refresh_token: string;
    };
    await page.goto('/');
    await page.evaluate((t) => {
      localStorage.setItem('token', t.access_token);
      localStorage.setItem('refresh_token', t.refresh_token);
    }, tokens);
    await page.goto('/all-games#signup'); // signed in: the 'already logged in' info toast
    await expect(page.locator('.Toastify__toast').first()).toBeVisible();
    await page.locator('[data-slot="account"]').getByRole('button').first().click();
    const profile = page.getByRole('menuitem', { name: 'Profile' });
    await expect(profile).toBeVisible();
    const box = (await profile.boundingBox())!;
    const topmost = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('[role="menuitem"]')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2] as const,
    );
    expect(topmost).toContain('Profile');
  });
});
