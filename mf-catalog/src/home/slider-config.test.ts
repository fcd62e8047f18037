import { HOME_SLIDER, homeSliderOptions, toColumns } from './slider-config';

describe('Home slider constants (SPEC §2 "Home", §9)', () => {
  test('3 rows, gap 20, speed 10000, autoplay delay 0, coverflow depth 60, looping, pausing on hover', () => {
    expect(HOME_SLIDER).toMatchObject({
      rows: 3,
      gap: 20,
      speed: 10000,
      autoplayDelay: 0,
      coverflowDepth: 60,
      loop: true,
      pauseOnHover: true,
    });
  });

  test('slides per view: 2 from 300px, 3 from 440px, 4 from 768px, 5.5 from 1024px', () => {
    expect(HOME_SLIDER.slidesPerViewFrom).toEqual({ 300: 2, 440: 3, 768: 4, 1024: 5.5 });
  });

  test('Swiper options carry those constants', () => {
    const options = homeSliderOptions();
    expect(options).toMatchObject({
      spaceBetween: 20,
      speed: 10000,
      loop: true,
      effect: 'coverflow',
      coverflowEffect: { depth: 60 },
      autoplay: { delay: 0, disableOnInteraction: false },
    });
    expect(options.breakpoints).toEqual({
      300: { slidesPerView: 2 },
      440: { slidesPerView: 3 },
      768: { slidesPerView: 4 },
      1024: { slidesPerView: 5.5 },
    });
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
