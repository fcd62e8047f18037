import type { SwiperOptions } from 'swiper/types';

/** Cards per view by window width (product §2.11): 2 at 340px ... 7 at 1400px. */
export const CATEGORY_CAROUSEL_BREAKPOINTS = {
  340: { slidesPerView: 2 },
  640: { slidesPerView: 3 },
  768: { slidesPerView: 4 },
  990: { slidesPerView: 5 },
  1400: { slidesPerView: 7 },
} as const satisfies NonNullable<SwiperOptions['breakpoints']>;

/** Labels of the previous/next buttons, used by our buttons and by Swiper's a11y module alike. */
export const CAROUSEL_LABELS = {
  previous: 'Previous categories',
  next: 'Next categories',
} as const;

/** Everything the category carousel passes to Swiper, apart from its modules and buttons. */
export const CATEGORY_CAROUSEL_OPTIONS = {
  // Narrower than 340px (never shown there today: the carousel starts at "small"), still 2.
  slidesPerView: 2,
  spaceBetween: 16,
  // A click on a card must stay a link click, not become the end of a drag.
  threshold: 8,
  watchOverflow: true,
  breakpoints: CATEGORY_CAROUSEL_BREAKPOINTS,
} as const satisfies SwiperOptions;
