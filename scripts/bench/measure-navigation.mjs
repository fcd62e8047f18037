// In-site navigation, measured from inside the page: Home is loaded and left to go idle, then a
// player's path through the site is clicked step by step. Each step is timed from the click (the
// input event's own timestamp; for the header search, its Enter key, not the click into the box
// or the typing) to the new page's first card or game frame plus one painted frame,
// and its INP is read from the Event Timing API (the longest interaction of the step, as INP
// counts it on a page with few interactions). Used by scripts/bench-home.mjs.
import { emulateNetwork } from '../../e2e/network.mjs';
import { FIRST_CONTENT_SELECTOR } from './measure-page.mjs';
/* global document, window, requestAnimationFrame, MutationObserver -- the clock runs in the page */

/** The path a player clicks, in order; each step starts on the page the one before ended on. */
export const NAVIGATION_STEPS = [
  {
    id: 'all-games',
    label: 'Home → All Games',
    run: (page) => clickable(page, page.locator('.nav-menu').getByRole('link', { name: 'All Games' })),
  },
  {
    id: 'game',
    label: 'All Games → a game (click to frame)',
    run: (page) => clickable(page, page.locator('main a.catalog-game-card').first()),
  },
  {
    id: 'category',
    label: 'play page → a category (carousel)',
    run: (page) => clickable(page, page.locator('.category-carousel a.category-card').first()),
  },
  {
    id: 'home',
    label: 'category → Home',
    run: (page) => clickable(page, page.locator('.nav-menu').getByRole('link', { name: 'Home' })),
  },
  { id: 'search', label: 'search from the header (Enter to results)', run: (page) => search(page, SEARCH_TEXT) },
];

/** Typed into the header's search box: matches several games, so the results page has cards. */
const SEARCH_TEXT = 'car';
/** The pointer rests on a link this long before pressing, as a hand does (and as hover prefetch would see). */
const HOVER_DWELL_MS = 100;

async function clickable(page, link) {
  // Scrolled to by the wheel, as a player does: the play page undoes a scroll that follows a key
  // or a script while its game has focus (mf-player's use-keep-keys-in-game).
  const box = await link.boundingBox();
  const viewport = page.viewportSize();
  if (box && viewport && (box.y < 0 || box.y + box.height > viewport.height)) {
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    await page.mouse.wheel(0, box.y - viewport.height / 2);
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  }
  await link.hover();
  await page.waitForTimeout(HOVER_DWELL_MS);
  await link.click();
}

async function search(page, text) {
  const box = page.getByPlaceholder('Search Games');
  await box.click();
  await page.keyboard.type(text, { delay: 60 });
  // The step's clock starts at this key: the click into the box and the typing before it count
  // in its INP only (until this was so, the click started the clock and the typing was timed too).
  await page.evaluate(() => window.__navClock.startOnEnter());
  await page.keyboard.press('Enter');
}

// Runs in the page before its scripts. `arm()` before a step remembers what is on screen; the
// step's input event starts the clock; the first element matching the selector that was not
// there before stops it, after one more painted frame.
function installNavigationClock() {
  const interactions = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });

  let step = null;
  const check = () => {
    if (!step || step.startedAt === null || step.contentAt !== null) return;
    for (const element of document.querySelectorAll(step.selector)) {
      if (step.before.has(element)) continue;
      step.contentAt = performance.now();
      const current = step;
      // rAF runs before the frame's paint; a message posted from it is handled after that paint.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          current.paintedAt = performance.now();
        };
        channel.port2.postMessage(null);
      });
      return;
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  // A click starts a clicked step; an Enter key, and nothing else, a step that asked for one
  // (the click into the search box before the typing is not the search's start).
  const start = (event) => {
    if (!step || step.startedAt !== null) return;
    const starts = step.onEnter ? event.type === 'keydown' && event.key === 'Enter' : event.type === 'click';
    if (!starts) return;
    step.startedAt = event.timeStamp;
    queueMicrotask(check);
  };
  window.addEventListener('click', start, true);
  window.addEventListener('keydown', start, true);

  Object.defineProperty(window, '__navClock', {
    value: {
      arm(selector) {
        interactions.clear();
        step = {
          selector,
          before: new Set(document.querySelectorAll(selector)),
          startedAt: null,
          contentAt: null,
          paintedAt: null,
          onEnter: false,
        };
      },
      startOnEnter() {
        // The clicks and keys so far (into the box, the typing) belong to this step's INP, not to
        // its clock: the clock is started again by the Enter key alone, and only what comes after
        // it counts as the new page.
        // A new step object: a frame callback of the old one cannot stop this clock.
        step = {
          ...step,
          before: new Set(document.querySelectorAll(step.selector)),
          startedAt: null,
          contentAt: null,
          paintedAt: null,
          onEnter: true,
        };
      },
      read() {
        if (!step || step.paintedAt === null) return null;
        return { ms: step.paintedAt - step.startedAt, contentMs: step.contentAt - step.startedAt };
      },
      /** The step's clock readings in performance.now() time (scripts/bench/profile-navigation.mjs). */
      times: () => step && { startedAt: step.startedAt, contentAt: step.contentAt, paintedAt: step.paintedAt },
      /** The step's slowest interaction; 0 when none took 16 ms, the API's smallest threshold. */
      inp: () => (interactions.size ? Math.max(...interactions.values()) : 0),
    },
  });
}

// Runs in the page before its scripts: the Network Information API as a browser with Data Saver on.
function announceSaveData() {
  Object.defineProperty(Navigator.prototype, 'connection', {
    configurable: true,
    get: () => ({ saveData: true, effectiveType: '4g' }),
  });
}

/**
 * A fresh 1440×900 context for a walk, its page open: hosts this machine cannot reach
 * (thumbnails, reCAPTCHA, games) answered empty, the navigation clock installed, and with
 * `saveData` the Data Saver announced. Also scripts/bench/profile-navigation.mjs.
 */
export async function openWalk(browser, { isOwn, timeout = 20_000, saveData = false }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.route(
    (target) => !isOwn(target.href),
    (route) => route.fulfill({ status: 204, body: '' }),
  );
  await context.addInitScript(installNavigationClock);
  if (saveData) await context.addInitScript(announceSaveData);
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  return { context, page };
}

/** The throttled rows' conditions, a mid-range phone's: 4× CPU slowdown and 150 ms RTT. Also profile-navigation.mjs. */
export async function throttle(context, page) {
  await emulateNetwork(context, page, { latencyMs: 150 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Loads Home in a fresh context, lets it go idle, then clicks through NAVIGATION_STEPS.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {{ isOwn: (url: string) => boolean, throttled?: boolean, idleMs?: number, saveData?: boolean }} options
 *   saveData: the browser says the player asked to save data, so the shell prefetches nothing
 *   (shell/src/navigation/connection.ts): the same build with its navigation prefetch off.
 * @returns {Promise<Record<string, {ms: number, contentMs: number, inp: number} | null>>} null: the step never showed its content
 */
export async function measureNavigation(browser, origin, { isOwn, throttled = false, idleMs = 1000, saveData = false }) {
  const timeout = throttled ? 60_000 : 20_000;
  const { context, page } = await openWalk(browser, { isOwn, timeout, saveData });
  try {
    if (throttled) await throttle(context, page);
    await page.goto(origin + '/', { waitUntil: 'load', timeout });
    await settle(page, idleMs, timeout);
    const results = {};
    for (const step of NAVIGATION_STEPS) {
      await page.evaluate((selector) => window.__navClock.arm(selector), FIRST_CONTENT_SELECTOR);
      try {
        await step.run(page);
      } catch (error) {
        // The walk cannot go on from a page it did not reach: the rest of it counts as missed.
        console.error(`\n  ${step.label} failed on ${origin}: ${error.message.split('\n')[0]}`);
        break;
      }
      const handle = await page
        .waitForFunction(() => window.__navClock.read(), undefined, { timeout, polling: 50 })
        .catch(() => null);
      const timing = handle ? await handle.jsonValue() : null;
      // Event Timing entries arrive after their frame is presented: read them once the page settled.
      await settle(page, idleMs, timeout);
      results[step.id] = timing && { ...timing, inp: await page.evaluate(() => window.__navClock.inp()) };
    }
    return results;
  } finally {
    await context.close();
  }
}

/** The page as a player leaves it between clicks: its own loads done, remotes mounted, then a pause. */
export async function settle(page, idleMs, timeout) {
  // 'networkidle' belongs to the document: it waits only after Home's load (no request stays open
  // there); after an in-site click it was reached already and resolves at once, so a play page's
  // keepalive "play started" never holds the walk.
  await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
  await page
    .locator('#root[data-remote-fragments]')
    .waitFor({ state: 'detached', timeout })
    .catch(() => undefined);
  await page.waitForTimeout(idleMs);
  await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
}
