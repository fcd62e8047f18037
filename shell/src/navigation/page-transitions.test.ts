import { startPageTransitions } from './page-transitions';

type Update = () => Promise<void>;

/** jsdom has no view transitions: this one runs the update when the test says the old page is captured. */
function fakeViewTransitions() {
  const updates: Update[] = [];
  const finish: (() => void)[] = [];
  document.startViewTransition = ((update: Update) => {
    updates.push(update);
    const finished = new Promise<void>((resolve) => finish.push(resolve));
    return { finished, ready: Promise.resolve(), updateCallbackDone: Promise.resolve(), skipTransition: () => undefined };
  }) as unknown as Document['startViewTransition'];
  return { updates, finish };
}

let stop: (() => void) | undefined;
let reducedMotion = false;
const clicks: MouseEvent[] = [];
/** Stands in for the router: takes the click the way react-router's Link does. */
const router = (event: MouseEvent) => {
  clicks.push(event);
  event.preventDefault();
};

function setUp(html = '<a id="to" href="/all-games"><span>All Games</span></a>') {
  document.body.innerHTML = `<main id="main"><h1>Home</h1>${html}</main>`;
  document.body.addEventListener('click', router);
  const transitions = fakeViewTransitions();
  stop = startPageTransitions({ holdLimitMs: 250, reducedMotion: () => reducedMotion });
  return transitions;
}

function click(target: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  target.dispatchEvent(event);
  return event;
}

const heading = () => document.querySelector('h1')!;

afterEach(() => {
  stop?.();
  document.body.removeEventListener('click', router);
  document.body.innerHTML = '';
  clicks.length = 0;
  reducedMotion = false;
  jest.useRealTimers();
  Reflect.deleteProperty(document, 'startViewTransition');
});

describe('startPageTransitions', () => {
  it('holds a link click until the old page is captured, then gives it to the same element once', async () => {
    const { updates } = setUp();
    const span = document.querySelector('span')!;
    const original = click(span);

    expect(original.defaultPrevented).toBe(true);
    expect(clicks).toHaveLength(0);
    expect(updates).toHaveLength(1);

    let shown = false;
    const update = updates[0]!().then(() => {
      shown = true;
    });
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.target).toBe(span);
    expect(clicks[0]).not.toBe(original);

    // The browser keeps the old page on screen until the new one is in `main`.
    await Promise.resolve();
    expect(shown).toBe(false);
    heading().replaceWith(Object.assign(document.createElement('h1'), { textContent: 'All Games' }));
    await update;
    expect(shown).toBe(true);
  });

  it('keeps the old page on screen while the placeholder stands in for the next', async () => {
    const { updates } = setUp();
    click(document.querySelector('a')!);
    let shown = false;
    const update = updates[0]!().then(() => {
      shown = true;
    });
    const main = document.getElementById('main')!;
    main.innerHTML = '<div class="remote-placeholder"></div>';
    await Promise.resolve();
    expect(shown).toBe(false);
    main.innerHTML = '<h1>All Games</h1>';
    await update;
    expect(shown).toBe(true);
  });

  it('shows the new page when the same heading gets new words (one category to another)', async () => {
    const { updates } = setUp('<a href="/categories/Puzzle">Puzzle</a>');
    click(document.querySelector('a')!);
    const update = updates[0]!();
    heading().textContent = 'Puzzle';
    await expect(update).resolves.toBeUndefined();
  });

  it('shows whatever is there once the hold limit passes', async () => {
    jest.useFakeTimers();
    const { updates } = setUp();
    click(document.querySelector('a')!);
    let shown = false;
    void updates[0]!().then(() => {
      shown = true;
    });
    await jest.advanceTimersByTimeAsync(249);
    expect(shown).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(shown).toBe(true);
  });

  it.each([
    ['a modified click', '<a href="/all-games">x</a>', { ctrlKey: true }],
    ['a middle click', '<a href="/all-games">x</a>', { button: 1 }],
    ['a link to another site', '<a href="https://example.com/">x</a>', {}],
    ['a link opening a new tab', '<a href="/all-games" target="_blank">x</a>', {}],
    ['a download', '<a href="/all-games" download>x</a>', {}],
    ['a link to this same page', '<a href="/#top">x</a>', {}],
  ])('leaves %s to the browser and the router', (_name, html, init) => {
    const { updates } = setUp(html);
    click(document.querySelector('a')!, init);
    expect(updates).toHaveLength(0);
    expect(clicks).toHaveLength(1);
  });

  it('does not fade when the player asks for less motion, nor a second click while fading', () => {
    const { updates, finish } = setUp();
    reducedMotion = true;
    click(document.querySelector('a')!);
    expect(updates).toHaveLength(0);
    expect(clicks).toHaveLength(1);

    reducedMotion = false;
    click(document.querySelector('a')!);
    click(document.querySelector('a')!);
    expect(updates).toHaveLength(1);
    expect(clicks).toHaveLength(2);
    finish[0]!();
  });

  it('does nothing where the browser has no view transitions', () => {
    document.body.innerHTML = '<main id="main"><h1>Home</h1><a href="/all-games">x</a></main>';
    document.body.addEventListener('click', router);
    stop = startPageTransitions();
    const event = click(document.querySelector('a')!);
    expect(clicks).toEqual([event]);
  });
});
