import { HOME_SLIDER, homeSliderOptions, preSwiperColumnsCss, toColumns } from './slider-config';

describe('homeSliderOptions', () => {
  test('derives the Swiper options from HOME_SLIDER', () => {
    const options = homeSliderOptions();
    expect(options).toMatchObject({
      slidesPerView: HOME_SLIDER.slidesPerViewBelowBreakpoints,
      spaceBetween: HOME_SLIDER.gap,
      speed: HOME_SLIDER.speed,
      loop: HOME_SLIDER.loop,
      coverflowEffect: { depth: HOME_SLIDER.coverflowDepth },
      autoplay: { delay: HOME_SLIDER.autoplayDelay },
    });
  });

  test('turns each minimum width into a Swiper breakpoint with its slides per view', () => {
    const { breakpoints = {} } = homeSliderOptions();
    for (const [width, slidesPerView] of Object.entries(HOME_SLIDER.slidesPerViewFrom)) {
      expect(breakpoints[Number(width)]).toEqual({ slidesPerView });
    }
    expect(Object.keys(breakpoints)).toHaveLength(Object.keys(HOME_SLIDER.slidesPerViewFrom).length);
  });

  test('keeps the crawl running after a player drags or clicks an arrow', () => {
    expect(homeSliderOptions().autoplay).toMatchObject({ disableOnInteraction: false });
  });

  test('arrows step faster than the crawl', () => {
    expect(HOME_SLIDER.arrowSpeed).toBeLessThan(HOME_SLIDER.speed);
  });
});

describe('preSwiperColumnsCss (the columns before Swiper runs)', () => {
  const css = preSwiperColumnsCss('.slider');

  /** What a browser this wide takes from the CSS: the last matching rule's value wins. */
  function cssAt(width: number, property: string): string | undefined {
    let value: string | undefined;
    for (const [, minWidth, body] of css.matchAll(/(?:@media \(min-width:(\d+)px\)\{)?\.slider\{([^}]*)\}/g)) {
      if (minWidth !== undefined && width < Number(minWidth)) continue;
      const declared = new RegExp(`${property}:([^;}]+)`).exec(body ?? '')?.[1];
      if (declared !== undefined) value = declared;
    }
    return value;
  }

  /** What Swiper shows at this window width: its widest breakpoint not above it. */
  function swiperAt(width: number) {
    const { breakpoints = {}, slidesPerView, spaceBetween } = homeSliderOptions();
    const reached = Object.keys(breakpoints)
      .map(Number)
      .filter((breakpoint) => breakpoint <= width);
    const from = reached.length > 0 ? breakpoints[Math.max(...reached)] : undefined;
    return { slidesPerView: from?.slidesPerView ?? slidesPerView, spaceBetween };
  }

  test('gives every window width the columns and gap Swiper will give it', () => {
    for (let width = 200; width <= 2000; width += 1) {
      const swiper = swiperAt(width);
      expect([width, cssAt(width, '--slider-columns'), cssAt(width, '--slider-gap')]).toEqual([
        width,
        String(swiper.slidesPerView),
        `${swiper.spaceBetween}px`,
      ]);
    }
  });

  test('covers every breakpoint, so a new one in HOME_SLIDER reaches the first frame too', () => {
    for (const width of Object.keys(HOME_SLIDER.slidesPerViewFrom)) expect(css).toContain(`@media (min-width:${width}px)`);
  });
});

describe('toColumns (three rows as columns, so the loop works)', () => {
  test('fills each column top to bottom, in order', () => {
    expect(toColumns([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  test('keeps every item exactly once', () => {
    const items = Array.from({ length: 65 }, (_, i) => i);
    const columns = toColumns(items, 3);
    expect(columns).toHaveLength(22);
    expect(columns.flat()).toEqual(items);
  });

  test('handles empty lists and rejects nonsense row counts', () => {
    expect(toColumns([], 3)).toEqual([]);
    expect(() => toColumns([1], 0)).toThrow(RangeError);
    expect(() => toColumns([1], 1.5)).toThrow(RangeError);
  });
});
