import { arriveAtNewPage, returnToPage } from './page-arrival';

/** A frame, a task, and the idle moment after it (a task here: jsdom has no idle callbacks). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

describe('page arrival', () => {
  let main: HTMLElement;
  const scrollTo = jest.fn();
  beforeEach(() => {
    document.body.innerHTML = '<header><input aria-label="Search Games"></header><main id="main"></main>';
    main = document.getElementById('main')!;
    scrollTo.mockClear();
    window.scrollTo = scrollTo;
  });

  it('starts a new page at the top and focuses its heading once the page has drawn it', async () => {
    main.innerHTML = '<div class="remote-placeholder" role="status"></div>';
    const stop = arriveAtNewPage(main);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(document.activeElement).toBe(document.body);
    main.innerHTML = '<div class="page"><h1>All Games</h1><a href="/game/5">A game</a></div>';
    // Not while the page is still being drawn: focus would force a layout the frame does again.
    await Promise.resolve();
    expect(document.activeElement).toBe(document.body);
    await afterPaint();
    const heading = main.querySelector('h1')!;
    expect(document.activeElement).toBe(heading);
    // Focusable by script only: Tab does not stop on it.
    expect(heading.getAttribute('tabindex')).toBe('-1');
    stop();
  });

  it('focuses a page drawn in the same commit as the route change once its frame is painted', async () => {
    main.innerHTML = '<div class="page"><h1>Home</h1></div>';
    const stop = arriveAtNewPage(main);
    expect(document.activeElement).toBe(document.body);
    await afterPaint();
    expect(document.activeElement).toBe(main.querySelector('h1'));
    stop();
  });

  it('leaves focus where it went after the route change, even back where it was (the search box)', async () => {
    const search = document.querySelector('input')!;
    search.focus();
    const stop = arriveAtNewPage(main);
    main.innerHTML = '<div class="page"><h1>A game</h1><iframe title="A game"></iframe></div>';
    main.querySelector('iframe')!.focus();
    search.focus();
    await afterPaint();
    expect(document.activeElement).toBe(search);
    stop();
  });

  it('returns to the remembered position once the page is drawn', async () => {
    main.innerHTML = '<div class="remote-placeholder"></div>';
    const stop = returnToPage(main, 600);
    expect(scrollTo).not.toHaveBeenCalled();
    main.innerHTML = '<div class="page"><h1>All Games</h1></div>';
    await Promise.resolve();
    expect(scrollTo).toHaveBeenCalledWith({ top: 600, left: 0, behavior: 'instant' });
    stop();
  });

  it('leaves focus alone once the player has clicked or typed before the page was drawn', async () => {
    main.innerHTML = '<div class="remote-placeholder"></div>';
    const stop = arriveAtNewPage(main);
    window.dispatchEvent(new Event('pointerdown'));
    main.innerHTML = '<div class="page"><h1>All Games</h1></div>';
    await afterPaint();
    expect(document.activeElement).toBe(document.body);
    stop();
  });

  it('keeps focus where the new page put it before its heading was seen (the play page gives it to the game)', async () => {
    main.innerHTML = '<div class="remote-placeholder"></div>';
    const stop = arriveAtNewPage(main);
    main.innerHTML = '<div class="page"><h1>A game</h1><iframe title="A game"></iframe></div>';
    const frame = main.querySelector('iframe')!;
    frame.focus();
    await afterPaint();
    expect(document.activeElement).toBe(frame);
    stop();
  });

  it('keeps focus the player or a dialog moved outside the page before its heading was drawn (no key or click seen)', async () => {
    main.innerHTML = '<div class="remote-placeholder"></div>';
    const stop = arriveAtNewPage(main);
    // A screen reader's browse mode, or an autofill, moves focus without a key the page hears.
    const search = document.querySelector('input')!;
    search.focus();
    main.innerHTML = '<div class="page"><h1>Arcade Games</h1></div>';
    await afterPaint();
    expect(document.activeElement).toBe(search);
    stop();
  });
});
