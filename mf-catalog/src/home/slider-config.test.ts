import { HOME_SLIDER, homeSliderOptions, toColumns } from './slider-config';

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
