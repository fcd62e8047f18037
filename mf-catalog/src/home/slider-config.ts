import type { SwiperOptions } from 'swiper/types';

/**
 * The Home slider's constants (product §2.7, §9), in one place.
 *
 * Swiper's loop mode does not combine with grid rows > 1, so the three rows are built as
 * columns: each slide is one column of ROWS games. Looping, coverflow and slides-per-view
 * then apply to columns, which is exactly what a 3-row grid slider shows.
 */
export const HOME_SLIDER = {
  rows: 3,
  /** Gap between columns and, inside a column, between rows (px). */
  gap: 20,
  /** A continuous crawl: each step lasts 10 s and the next starts at once. */
  speed: 10000,
  /**
   * 1 ms, not 0: with 0 Swiper queues each next step for the next frame, which stopping the
   * autoplay does not cancel, so a mouse arriving in that frame saw a whole step crawl past.
   * With a delay the step waits on a timer that stopping clears.
   */
  autoplayDelay: 1,
  coverflowDepth: 60,
  loop: true,
  pauseOnHover: true,
  /** Arrow clicks should answer promptly rather than crawl at the autoplay speed. */
  arrowSpeed: 600,
  /** Minimum viewport width (px) -> slides (columns) per view. */
  slidesPerViewFrom: { 300: 2, 440: 3, 768: 4, 1024: 5.5 },
  /** Below the first breakpoint (very small screens) one column fills the width. */
  slidesPerViewBelowBreakpoints: 1,
} as const;

/**
 * The columns a first frame can show: the widest view's, rounded up, and the next one the crawl
 * brings in. The slider starts at its first column; the columns a loop places before it are off screen.
 */
export const FIRST_FRAME_COLUMNS = Math.ceil(Math.max(...Object.values(HOME_SLIDER.slidesPerViewFrom))) + 1;

/**
 * The columns side by side before Swiper runs (the page as the server sent it, decision 0032), at
 * the widths Swiper will give them, so its start moves nothing: `--slider-columns` and
 * `--slider-gap` on `scope`, one media rule per Swiper breakpoint. Written from HOME_SLIDER, as
 * Swiper's breakpoints are, so the two cannot drift apart; the slider renders it in a <style>.
 */
export function preSwiperColumnsCss(scope: string): string {
  const columns = (count: number) => `${scope}{--slider-columns:${count}}`;
  return [
    `${scope}{--slider-gap:${HOME_SLIDER.gap}px}`,
    columns(HOME_SLIDER.slidesPerViewBelowBreakpoints),
    // Integer keys come in ascending order, so each wider rule comes later and wins.
    ...Object.entries(HOME_SLIDER.slidesPerViewFrom).map(([width, count]) => `@media (min-width:${width}px){${columns(count)}}`),
  ].join('');
}

/** Swiper options derived from HOME_SLIDER; modules are added by the component. */
export function homeSliderOptions(): SwiperOptions {
  return {
    slidesPerView: HOME_SLIDER.slidesPerViewBelowBreakpoints,
    spaceBetween: HOME_SLIDER.gap,
    speed: HOME_SLIDER.speed,
    loop: HOME_SLIDER.loop,
    grabCursor: true,
    effect: 'coverflow',
    coverflowEffect: { depth: HOME_SLIDER.coverflowDepth, rotate: 0, stretch: 0, modifier: 1, scale: 1, slideShadows: false },
    // Swiper's own pauseOnMouseEnter cannot stop a transition already under way, and with a
    // 1 ms delay one nearly always is; the component freezes the crawl on hover instead (see crawl.ts).
    autoplay: { delay: HOME_SLIDER.autoplayDelay, disableOnInteraction: false, pauseOnMouseEnter: false },
    breakpoints: Object.fromEntries(
      Object.entries(HOME_SLIDER.slidesPerViewFrom).map(([width, slidesPerView]) => [Number(width), { slidesPerView }]),
    ),
  };
}

/** Splits games into columns of `rows` items, in order: column i holds items i*rows .. i*rows+rows-1. */
export function toColumns<T>(items: readonly T[], rows: number): T[][] {
  if (!Number.isInteger(rows) || rows < 1) throw new RangeError(`rows must be a positive integer, got ${rows}`);
  const columns: T[][] = [];
  for (let start = 0; start < items.length; start += rows) columns.push(items.slice(start, start + rows));
  return columns;
}
