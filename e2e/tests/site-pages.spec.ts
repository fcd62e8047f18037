import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, latestMail, test } from '../fixtures';
import { GAMES } from '../support/catalogue';
import { remotePagesMounted } from '../support/federation';

// Home's rows, search that keeps its promise, toasts that never cover a dialog, at a phone's
// (390×844) and a desktop's (1440×900) size. SHOTS_DIR=<folder> also saves screenshots of
// Home, search results, the 404 and the privacy page at both sizes.

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const shotsDir = process.env.SHOTS_DIR ?? '';
/** Each game's date added, as the catalogue's data holds it (the oracle of the "New" row). */
const ADDED = JSON.parse(
  readFileSync(path.join(__dirname, '../../shared-contracts/src/catalogue/games-added.json'), 'utf8'),
) as Record<string, string>;
const NEWEST = [...GAMES]
  .sort((a, b) => (ADDED[b.id] ?? '').localeCompare(ADDED[a.id] ?? '') || b.id - a.id)
  .slice(0, 12)
  .map((game) => `/game/${game.id}`);

const main = (page: Page) => page.locator('main');
const gameHrefs = (scope: Locator) =>
  scope.locator('a[href^="/game/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

/** Opens the header's search box (on phones its icon opens it first) and types. */
async function typeSearch(page: Page, width: number, text: string) {
  if (width < 768) await page.getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Search Games' });
  await box.fill(text);
  return box;
}

for (const viewport of VIEWPORTS) {
  test.describe(`site pages at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('search: Enter shows every game the suggestions offered, each suggestion saying why it matched', async ({ page }) => {
      await page.goto('/all-games');
      await remotePagesMounted(page);
      const list = page.getByRole('listbox', { name: 'Suggested games' });
      for (const text of ['puzzle', 'bmx']) {
        const box = await typeSearch(page, viewport.width, text);
        await expect(list.getByRole('option').first()).toBeVisible();
        const options = await list.getByRole('option').allInnerTexts();
        expect(options.length).toBeGreaterThan(0);
        const suggested = options.map((option) => option.split('\n')[0]!.trim());
        // A tag match says which tag; a name match shows the typed text marked in the name.
        for (const option of await list.getByRole('option').all()) {
          const byTag = (await option.innerText()).includes('Tagged ');
          if (!byTag) await expect(option.locator('mark')).toHaveText(new RegExp(`^${text}$`, 'i'));
        }
        if (text === 'bmx') expect(options[0]).toContain('Tagged BMX');
        if (text === 'puzzle') await shot(page, `search-suggestions-${viewport.width}`);
        await box.press('Enter');
        await expect(page).toHaveURL(new RegExp(`/search\\?q=${text}$`));
        await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(text.toUpperCase());
        const shown = new Set(await gameHrefs(main(page)));
        const names = new Map(GAMES.map((game) => [game.name, `/game/${game.id}`]));
        for (const name of suggested) expect([name, shown.has(names.get(name) ?? '')]).toEqual([name, true]);
        if (text === 'bmx') {
          await expect(main(page).getByText('No games found', { exact: true })).toHaveCount(0);
          const tagged = main(page).getByRole('region', { name: 'Games tagged BMX' });
          await expect(tagged.getByRole('link', { name: /Hobo Speedster/ })).toBeVisible();
        } else {
          await expect(main(page).getByRole('region', { name: /^Games tagged puzzle$/i })).toBeVisible();
          await shot(page, `search-results-${viewport.width}`);
        }
      }
    });

    test('Home: a "New" row and a heading over the slider; "See all" opens the sorted list; rows hold whole cards', async ({
      page,
    }) => {
      await page.goto('/');
      await remotePagesMounted(page);
      const row = main(page).getByRole('region', { name: 'New' });
      await expect(row).toBeVisible();
      expect(await gameHrefs(row.getByRole('list'))).toEqual(NEWEST);
      await expect(main(page).getByRole('heading', { level: 2, name: 'All games' })).toBeVisible();
      await expect(row.getByRole('link', { name: 'See all: New' })).toHaveAttribute('href', '/all-games?sort=new');

      // The view shows whole cards: on a desktop exactly n, on a phone n and a quarter of the next.
      const fit = await row.getByRole('list').evaluate((list) => {
        const card = list.firstElementChild!.getBoundingClientRect().width;
        const gap = Number.parseFloat(getComputedStyle(list).columnGap);
        const view = list.clientWidth - Number.parseFloat(getComputedStyle(list).paddingLeft) * 2;
        return (view + gap) / (card + gap);
      });
      if (viewport.width >= 768) expect(Math.abs(fit - Math.round(fit))).toBeLessThan(0.02);
      else expect(fit % 1).toBeGreaterThan(0.15);

      const arrows = row.getByRole('button', { name: /^(Previous|Next): New$/ });
      if (viewport.width >= 768) {
        const list = row.getByRole('list');
        const perView = Math.round(fit);
        await row.getByRole('button', { name: 'Next: New' }).click();
        // One press: the next view of whole cards, the first of them at the row's start.
        const step = await list.evaluate((element) => {
          const [first, second] = [...element.children].map((child) => child.getBoundingClientRect().left);
          return second! - first!;
        });
        await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeCloseTo(perView * step, 0);
        await row.getByRole('button', { name: 'Previous: New' }).click();
        await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBe(0);
      } else {
        await expect(arrows.first()).toBeHidden();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `home-${viewport.width}`);

      await row.getByRole('link', { name: 'See all: New' }).click();
      await expect(page).toHaveURL(/\/all-games\?sort=new$/);
      await expect(main(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('new');
      await expect.poll(async () => (await gameHrefs(main(page))).slice(0, 12)).toEqual(NEWEST);
    });

    test('the 404 and the privacy pages', async ({ page }) => {
      expect((await page.goto('/categories/Nope'))?.status()).toBe(404);
      await expect(main(page).getByRole('list', { name: 'Our categories' })).toBeVisible();
      await shot(page, `not-found-category-${viewport.width}`);
      expect((await page.goto('/no/such/page'))?.status()).toBe(404);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await shot(page, `not-found-${viewport.width}`);
      expect((await page.goto('/privacy'))?.status()).toBe(200);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
      await shot(page, `privacy-${viewport.width}`);
    });

    test('a toast never covers an open dialog; an error shown in the dialog is not also toasted; one toast per message', async ({
      page,
      apiUrl,
    }) => {
      // An account that is not verified yet: signing in sends a code and opens Email Verification.
      const id = `toast${Date.now().toString(36)}${viewport.width}`;
      const player = { username: id, email: `${id}@example.com`, firstName: 'Toast', lastName: 'Test', password: 'Secret#123' };
      expect((await page.request.post(`${apiUrl}/register/`, { form: player })).status()).toBe(201);
      await page.goto('/#signin');
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();

      // A wrong password, twice: one toast for the message, and never over the dialog.
      await dialog.getByLabel('Email / User ID').fill(player.email);
      await dialog.getByLabel('Password', { exact: true }).fill('Wrong#1234');
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await dialog.getByText("I'm not a robot").click();
        await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
        // The answer has come once the spent tick is cleared: the first attempt's toast is still
        // up during the second, so the toast alone does not say the second was answered.
        await expect(dialog.getByTestId('recaptcha-stub')).not.toBeChecked();
        await expect(page.locator('.Toastify__toast').filter({ hasText: 'Incorrect username or password' })).toHaveCount(1);
        await expectNoToastOverDialog(page);
      }

      await dialog.getByLabel('Password', { exact: true }).fill(player.password);
      await dialog.getByText("I'm not a robot").click();
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(dialog.getByRole('heading', { name: 'Email Verification' })).toBeVisible();
      await expect(page.locator('.Toastify__toast').first()).toBeVisible();
      await expectNoToastOverDialog(page);
      await latestMail(page, apiUrl, player.email);

      // A wrong code, twice: in red in the dialog, never also a toast.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await dialog.getByLabel('Verification Code').fill('000000');
        await dialog.getByRole('button', { name: 'Verify Email' }).click();
        const alert = dialog.getByRole('form', { name: 'Email Verification' }).getByRole('alert');
        await expect(alert).toBeVisible();
        const inline = (await alert.innerText()).trim();
        await expect(page.locator('.Toastify__toast').filter({ hasText: inline })).toHaveCount(0);
        await expectNoToastOverDialog(page);
      }
      // No message is toasted twice at once.
      const texts = await page.locator('.Toastify__toast').allInnerTexts();
      expect(new Set(texts).size).toBe(texts.length);
      await shot(page, `dialog-toasts-${viewport.width}`);
    });
  });
}

/**
 * Every toast on screen is either inside the open dialog's panel (in its flow) or clear of it:
 * none is drawn over the panel from outside.
 */
async function expectNoToastOverDialog(page: Page) {
  const overlaps = await page.evaluate(() => {
    const panel = document.querySelector('[role="dialog"]');
    if (!panel) return ['no dialog'];
    const box = panel.getBoundingClientRect();
    return [...document.querySelectorAll('.Toastify__toast')]
      .filter((toast) => !panel.contains(toast))
      .map((toast) => ({ text: toast.textContent, rect: toast.getBoundingClientRect() }))
      .filter(({ rect }) => rect.right > box.left && rect.left < box.right && rect.bottom > box.top && rect.top < box.bottom)
      .map(({ text }) => text);
  });
  expect(overlaps).toEqual([]);
}
