import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CATEGORIES, gameById, GAMES } from '../support/catalogue';
import { holdPart, remotePagesMounted } from '../support/federation';
import { renderedFrames } from '../support/frames';

const HOBO = gameById(5);
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const main = (page: Page) => page.locator('main');
const slider = (page: Page) => main(page).getByRole('region', { name: 'Games' });
const categoryMenu = (page: Page) => main(page).getByRole('navigation', { name: 'Categories' });
const gameCards = (scope: Locator) => scope.locator('a[href^="/game/"]');

const sliderWrapper = (page: Page) => page.locator('.catalog-slider .swiper-wrapper');
/** The slider wrapper's current horizontal offset, as the browser is painting it. */
const sliderOffset = (page: Page) => sliderWrapper(page).evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
/** Transitions under way on the wrapper: the crawl is one CSS transition of its transform per step. */
const sliderTransitions = (page: Page) =>
  sliderWrapper(page).evaluate((el) => el.getAnimations().filter((animation) => animation.playState === 'running').length);

async function storedGame(page: Page) {
  return page.evaluate(() =>
    Object.fromEntries(
      ['gameId', 'gameLink', 'gameName', 'gameImage', 'gameCategory'].map((key) => [key, localStorage.getItem(key)]),
    ),
  );
}

test.describe('Home', () => {
  test("the welcome and the slider's cards paint before the catalogue's scripts arrive: the server's HTML carries them", async ({
    page,
    context,
    ports,
  }) => {
    // Every request the browser makes to the catalogue waits until the test lets it through.
    const release = await holdPart(context, ports.mf_catalog);
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1, name: 'PlayVerse' })).toBeVisible();
    await expect(main(page).getByText(/70\+ free single-player games/)).toBeVisible();
    // The catalogue's own page, from the server (decision 0032): every game as a real link.
    await expect(gameCards(slider(page))).toHaveCount(GAMES.length);
    await expect(gameCards(slider(page)).first()).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('data-remote-fragments', 'mf_catalog/HomePage');
    // Marked, to tell whether the catalogue adopts these elements or draws new ones.
    await gameCards(slider(page))
      .first()
      .evaluate((card) => card.setAttribute('data-from-server', ''));

    await release();
    await remotePagesMounted(page);
    await expect(slider(page).locator('.swiper-initialized')).toHaveCount(1);
    await expect(gameCards(slider(page))).toHaveCount(GAMES.length);
    await expect(slider(page).locator('[data-from-server]')).toHaveCount(1);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(main(page).getByText(/70\+ free single-player games/)).toBeVisible();
  });

  test('welcome blurb of the host family, and every game in the slider as a card', async ({ page }) => {
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1, name: 'PlayVerse' })).toBeVisible();
    await expect(main(page).getByText(/70\+ free single-player games/)).toBeVisible();
    await expect(main(page).getByText(/puzzle, racing and casual/)).toBeVisible();

    await expect(gameCards(slider(page))).toHaveCount(GAMES.length);
    const hrefs = await gameCards(slider(page)).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(hrefs)).toEqual(new Set(GAMES.map((game) => `/game/${game.id}`)));

    // Each card: image, name and category.
    const card = gameCards(slider(page)).filter({ hasText: HOBO.name });
    await expect(card).toContainText(HOBO.category);
    await expect(card.locator('img')).toHaveAttribute('src', HOBO.image);

    await expect(slider(page).getByRole('button', { name: 'Previous games' })).toBeVisible();
    await expect(slider(page).getByRole('button', { name: 'Next games' })).toBeVisible();
  });

  test('the slider shows three rows of cards', async ({ page }) => {
    await page.goto('/');
    await expect(gameCards(slider(page))).toHaveCount(GAMES.length);
    const columns = await slider(page)
      .locator('.swiper-slide')
      .evaluateAll((slides) =>
        slides.map((slide) => [...slide.querySelectorAll('a[href^="/game/"]')].map((card) => card.getBoundingClientRect())),
      );
    // 65 games: 21 full columns of three, and one of two (completed by a link to All Games).
    expect(columns.map((cards) => cards.length).sort()).toEqual([2, ...Array<number>(21).fill(3)]);
    const full = columns.find((cards) => cards.length === 3)!;
    expect(full[0]!.bottom).toBeLessThanOrEqual(full[1]!.top);
    expect(full[1]!.bottom).toBeLessThanOrEqual(full[2]!.top);
    expect(Math.abs(full[0]!.left - full[2]!.left)).toBeLessThan(2);
  });

  test('slides per view: 2 from 300px, 3 from 440px, 4 from 768px, 5.5 from 1024px', async ({ page }) => {
    for (const [width, perView] of [
      [360, 2],
      [500, 3],
      [800, 4],
      [1440, 5.5],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await remotePagesMounted(page);
      const sizes = await slider(page)
        .locator('.swiper')
        .evaluate((el) => {
          const slide = el.querySelector('.swiper-slide') as HTMLElement;
          return {
            swiper: el.clientWidth - parseFloat(getComputedStyle(el).paddingLeft) - parseFloat(getComputedStyle(el).paddingRight),
            slide: slide.getBoundingClientRect().width,
            raw: slide.style.width,
          };
        });
      // Swiper sizes a slide as (width - (perView - 1) * gap) / perView, with gap 20.
      const expected = (sizes.swiper - (perView - 1) * 20) / perView;
      expect(parseFloat(sizes.raw), `slide width at ${width}px`).toBeCloseTo(expected, 0);
    }
  });

  test('crawls on its own, stops while hovered, and the arrows move it', async ({ page }) => {
    await page.goto('/');
    await remotePagesMounted(page);
    // Once games have been played, Trending now and Most played stand above it, past the fold.
    await slider(page).scrollIntoViewIfNeeded();
    const start = await sliderOffset(page);
    await expect.poll(() => sliderOffset(page)).toBeLessThan(start - 5);

    // Under the mouse it comes to rest: no transition under way (on a loaded CI machine the hover
    // can land a frame late, or the page can still be settling under a mouse placed once, so it is
    // placed each time)…
    await expect
      .poll(async () => {
        await slider(page).hover();
        return sliderTransitions(page);
      })
      .toBe(0);
    // …and stays still while hovered: the crawl waits 1 ms between its steps (autoplayDelay), so
    // ten rendered frames later a crawl still going has started a transition (transitionrun).
    await sliderWrapper(page).evaluate((wrapper) => {
      const seen = window as unknown as { __sliderRuns: number };
      seen.__sliderRuns = 0;
      wrapper.addEventListener('transitionrun', () => (seen.__sliderRuns += 1));
    });
    const held = await sliderOffset(page);
    await renderedFrames(page, 10);
    expect({
      offset: await sliderOffset(page),
      started: await page.evaluate(() => (window as unknown as { __sliderRuns: number }).__sliderRuns),
      running: await sliderTransitions(page),
    }).toEqual({ offset: held, started: 0, running: 0 });

    await slider(page).getByRole('button', { name: 'Next games' }).click();
    await expect.poll(() => sliderOffset(page)).toBeLessThan(held - 100);
    const afterNext = await sliderOffset(page);
    await slider(page).getByRole('button', { name: 'Previous games' }).click();
    await expect.poll(() => sliderOffset(page)).toBeGreaterThan(afterNext + 100);

    await page.mouse.move(5, 5);
    const released = await sliderOffset(page);
    await expect.poll(() => sliderOffset(page)).toBeLessThan(released - 5);
  });

  // Swiper queues the crawl's next step for the next frame as each step ends, and stopping its
  // autoplay did not cancel that frame: a mouse arriving in it saw the slider crawl a whole column.
  test('a mouse arriving just as a step ends holds the crawl still', async ({ page }) => {
    await page.goto('/');
    await remotePagesMounted(page);
    await slider(page).scrollIntoViewIfNeeded();
    const next = slider(page).getByRole('button', { name: 'Next games' });
    await expect(next).toBeVisible();
    const moved = await slider(page).evaluate(
      (section) =>
        new Promise<{ moved: number; started: number }>((resolve) => {
          const wrapper = section.querySelector<HTMLElement>('.swiper-wrapper')!;
          const offset = () => new DOMMatrix(getComputedStyle(wrapper).transform).m41;
          // Bubbling from the wrapper, this runs after Swiper's own listener has queued the crawl's next step.
          const onStepEnd = (event: Event) => {
            if (event.target !== wrapper) return;
            section.removeEventListener('transitionend', onStepEnd);
            // The mouse comes in from outside, as the pointer events of a real hover do.
            const card = section.querySelector('.swiper-slide-active a')!;
            card.dispatchEvent(
              new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', relatedTarget: document.body }),
            );
            const held = offset();
            // The crawl waits 1 ms between steps: ten rendered frames later a step not held has
            // started its transition and moved the wrapper.
            let started = 0;
            wrapper.addEventListener('transitionrun', () => (started += 1));
            let frames = 10;
            const tick = () => (--frames > 0 ? requestAnimationFrame(tick) : resolve({ moved: offset() - held, started }));
            requestAnimationFrame(tick);
          };
          section.addEventListener('transitionend', onStepEnd);
          // An arrow's step (600 ms) ends sooner than a crawl step (10 s); no pointer or focus holds it.
          section.querySelector<HTMLButtonElement>('button[aria-label="Next games"]')!.click();
        }),
    );
    expect(moved).toEqual({ moved: 0, started: 0 });
  });

  test('a card in the slider opens its game', async ({ page }) => {
    await page.goto('/');
    await remotePagesMounted(page);
    await slider(page).scrollIntoViewIfNeeded();
    // Hovering holds the crawl still, so the card under the pointer can be clicked.
    const box = (await slider(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const target = await gameCards(slider(page)).evaluateAll(
      (cards, center) => {
        const boxes = cards.map((card) => ({ href: card.getAttribute('href')!, rect: card.getBoundingClientRect() }));
        const inView = boxes.filter(
          ({ rect }) => rect.left >= 0 && rect.right <= window.innerWidth && rect.top >= 0 && rect.bottom <= window.innerHeight,
        );
        const distance = ({ rect }: { rect: DOMRect }) =>
          Math.hypot(rect.x + rect.width / 2 - center.x, rect.y + rect.height / 2 - center.y);
        const nearest = inView.sort((a, b) => distance(a) - distance(b))[0]!;
        return { href: nearest.href, x: nearest.rect.x + nearest.rect.width / 2, y: nearest.rect.y + nearest.rect.height / 3 };
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    await page.mouse.click(target.x, target.y);
    await expect(page).toHaveURL(new RegExp(`${target.href}$`));
    const game = GAMES.find((candidate) => `/game/${candidate.id}` === target.href)!;
    expect(await storedGame(page)).toMatchObject({ gameId: String(game.id), gameName: game.name, gameLink: game.link });
    await expect(main(page).locator('iframe')).toHaveAttribute('src', game.link);
  });
});

test.describe('All Games', () => {
  test('every game as a card, alphabetically by name', async ({ page }) => {
    await page.goto('/all-games');
    await expect(main(page).getByRole('heading', { level: 1, name: 'All Games' })).toBeVisible();
    const cards = gameCards(main(page));
    await expect(cards).toHaveCount(GAMES.length);
    const names = await cards.locator('.catalog-game-card__name').allTextContents();
    expect([...names].sort(collator.compare)).toEqual(names);
    expect(new Set(names)).toEqual(new Set(GAMES.map((game) => game.name)));
  });

  test("every card is in the server's HTML before the catalogue's scripts arrive; the catalogue then takes over", async ({
    page,
    context,
    ports,
  }) => {
    // Every request the browser makes to the catalogue waits until the test lets it through.
    const release = await holdPart(context, ports.mf_catalog);
    await page.goto('/all-games');
    await expect(main(page).getByRole('heading', { level: 1, name: 'All Games' })).toBeVisible();
    await expect(gameCards(main(page))).toHaveCount(GAMES.length);
    await expect(gameCards(main(page)).filter({ hasText: HOBO.name })).toHaveAttribute('href', `/game/${HOBO.id}`);
    await expect(main(page).getByRole('status')).toHaveCount(0);

    await release();
    await remotePagesMounted(page);
    await expect(gameCards(main(page))).toHaveCount(GAMES.length);
    // The hearts answer: the catalogue's own component is on the page now.
    const heart = main(page).getByRole('button', { name: `Favourite ${HOBO.name}` });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  test('a card click saves the game, passes link and name as state, and lands on the play page', async ({ page }) => {
    await page.goto('/all-games');
    await gameCards(main(page)).filter({ hasText: HOBO.name }).click();
    await expect(page).toHaveURL(/\/game\/5$/);
    expect(await storedGame(page)).toEqual({
      gameId: '5',
      gameLink: HOBO.link,
      gameName: HOBO.name,
      gameImage: HOBO.image,
      gameCategory: HOBO.category,
    });
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
    expect(state).toEqual({ gameLink: HOBO.link, gameName: HOBO.name });
    await expect(main(page).locator('iframe')).toHaveAttribute('src', HOBO.link);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(HOBO.name);
  });

  test('cards are reached and opened with the keyboard', async ({ page }) => {
    await page.goto('/all-games');
    const first = gameCards(main(page)).first();
    await first.focus();
    await expect(first).toBeFocused();
    const href = await first.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('a thumbnail that fails to load shows the default game image', async ({ page }) => {
    await page.route(HOBO.image, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/all-games');
    await remotePagesMounted(page);
    const image = gameCards(main(page)).filter({ hasText: HOBO.name }).locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});

test.describe('Categories', () => {
  test('/categories redirects to the first category alphabetically', async ({ page }) => {
    await page.goto('/categories');
    await expect(page).toHaveURL(/\/categories\/Arcade%20Games$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Arcade Games' })).toBeVisible();
    // The redirect replaced /categories: going back does not bounce forward again.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/categories$/);
  });

  test('a category page: side menu of every category, the current one highlighted, its games', async ({ page }) => {
    await page.goto('/categories/Racing%20Games');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Racing Games' })).toBeVisible();
    await expect(categoryMenu(page).getByRole('link')).toHaveText(CATEGORIES);
    await expect(categoryMenu(page).getByRole('link', { name: 'Racing Games' })).toHaveAttribute('aria-current', 'page');

    const expected = GAMES.filter((game) => game.category === 'Racing Games');
    const cards = gameCards(main(page));
    await expect(cards).toHaveCount(expected.length);
    for (const game of expected) await expect(cards.filter({ hasText: game.name })).toHaveCount(1);

    await categoryMenu(page).getByRole('link', { name: 'Card Games' }).click();
    await expect(page).toHaveURL(/\/categories\/Card%20Games$/);
    await expect(gameCards(main(page))).toHaveCount(GAMES.filter((game) => game.category === 'Card Games').length);
    await expect(categoryMenu(page).getByRole('link', { name: 'Card Games' })).toHaveAttribute('aria-current', 'page');
  });

  test("the category art the browser draws is the server's, byte for byte, and every picture is drawn", async ({ page }) => {
    /** The category pictures (data: URIs of the .svg files, decision 0050) in menu order: of the page, or of some HTML. */
    const pictures = (html: string | null) =>
      page.evaluate((markup) => {
        const doc = markup === null ? document : new DOMParser().parseFromString(markup, 'text/html');
        return [...doc.querySelectorAll('main a[href^="/categories/"] img')].map((img) => img.getAttribute('src'));
      }, html);
    const html = await (await page.request.get('/categories/Arcade%20Games')).text();
    // The browser's own render of the page: reached by a client-side navigation, not from the server's HTML.
    await page.goto('/all-games');
    await remotePagesMounted(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/categories\/Arcade%20Games$/);
    await expect(categoryMenu(page).getByRole('link')).toHaveText(CATEGORIES);
    const served = await pictures(html);
    expect(served).toHaveLength(CATEGORIES.length);
    expect(served.every((src) => src?.startsWith('data:image/svg+xml,%3Csvg'))).toBe(true);
    expect(await pictures(null)).toEqual(served);
    const widths = await categoryMenu(page)
      .locator('img')
      .evaluateAll((imgs) => Promise.all((imgs as HTMLImageElement[]).map((img) => img.decode().then(() => img.naturalWidth))));
    expect(widths).toEqual(CATEGORIES.map(() => 400));
  });

  test("a category without games is a 404 'Page not found' that says 'No games found for this category.'", async ({ page }) => {
    expect((await page.goto('/categories/Match-3%20Games'))?.status()).toBe(404);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(main(page).getByText('No games found for this category.')).toBeVisible();
    await expect(gameCards(main(page))).toHaveCount(0);
  });

  test('on a phone the menu is a drawer: the menu button opens it, the cross, Escape or a choice closes it', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/categories/Puzzle%20Games');
    const menuButton = main(page).getByRole('button', { name: 'Categories', exact: true });
    await expect(categoryMenu(page)).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    await expect(categoryMenu(page)).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(categoryMenu(page).getByRole('link', { name: 'Puzzle Games' })).toHaveAttribute('aria-current', 'page');
    await expect(categoryMenu(page).getByRole('link')).toHaveText(CATEGORIES);
    // The drawer slides in from the left edge and lies over the page, within the screen.
    await expect.poll(async () => (await categoryMenu(page).boundingBox())?.x).toBe(0);
    const drawer = (await categoryMenu(page).boundingBox())!;
    expect(drawer.width).toBeLessThanOrEqual(360);

    await categoryMenu(page).getByRole('button', { name: 'Close categories' }).click();
    await expect(categoryMenu(page)).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await expect(categoryMenu(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(categoryMenu(page)).toBeHidden();

    await menuButton.click();
    await categoryMenu(page).getByRole('link', { name: 'Strategy Games' }).click();
    await expect(page).toHaveURL(/\/categories\/Strategy%20Games$/);
    await expect(categoryMenu(page)).toBeHidden();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Strategy Games' })).toBeVisible();
  });
});

test.describe('Search', () => {
  test('from the header: the games whose name contains q, heading in upper case', async ({ page }) => {
    await page.goto('/');
    await page.getByPlaceholder('Search Games').fill('car');
    await page.getByPlaceholder('Search Games').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=car$/);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('CAR');
    const expected = GAMES.filter((game) => game.name.toLowerCase().includes('car'));
    expect(expected.length).toBeGreaterThan(1);
    // The product's results (product §2.10) are the list named after q; games found only by a
    // tag follow in their own section, none of them a name match.
    const byName = main(page).getByRole('list', { name: 'car', exact: true });
    await expect(gameCards(byName)).toHaveCount(expected.length);
    for (const game of expected) await expect(gameCards(byName).filter({ hasText: game.name })).toHaveCount(1);
    for (const game of expected) await expect(gameCards(main(page)).filter({ hasText: game.name })).toHaveCount(1);
    const byTag = await gameCards(main(page).getByRole('region', { name: /^Games (tagged|with a tag)/ })).allInnerTexts();
    const tagOnly = GAMES.filter((game) => byTag.some((text) => text.includes(game.name)));
    expect(tagOnly.filter((game) => game.name.toLowerCase().includes('car'))).toEqual([]);
    await expect(gameCards(main(page))).toHaveCount(expected.length + byTag.length);
  });

  test("'No games found' when nothing matches", async ({ page }) => {
    await page.goto('/search?q=no%20such%20game%20here');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('NO SUCH GAME HERE');
    await expect(main(page).getByText('No games found')).toBeVisible();
    // No result cards; only the "More like this" row that follows, so a miss still offers something to play.
    await expect(gameCards(main(page).locator('.catalog-game-grid'))).toHaveCount(0);
    await expect(main(page).getByRole('region', { name: 'More like this' })).toBeVisible();
  });

  test('q is shown as text, never run as markup', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const attack = '<img src=x onerror=alert(1)>';
    await page.goto(`/search?q=${encodeURIComponent(attack)}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(attack.toUpperCase());
    await expect(main(page).locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });
});
