import Swiper from 'swiper';
import { mockViewportWidth } from '../testing/mock-viewport';
import { CATEGORY_CAROUSEL_BREAKPOINTS, CATEGORY_CAROUSEL_OPTIONS } from './carousel-options';

test('the breakpoints are the cards-per-view table of product §2', () => {
  expect(CATEGORY_CAROUSEL_BREAKPOINTS).toEqual({
    340: { slidesPerView: 2 },
    640: { slidesPerView: 3 },
    768: { slidesPerView: 4 },
    990: { slidesPerView: 5 },
    1400: { slidesPerView: 7 },
  });
});

// Swiper itself reads the config: proves the object is shaped the way Swiper interprets it.
describe.each([
  [576, 2],
  [639, 2],
  [640, 3],
  [767, 3],
  [768, 4],
  [989, 4],
  [990, 5],
  [1399, 5],
  [1400, 7],
  [1920, 7],
])('at a %ipx wide window', (width, perView) => {
  test(`Swiper shows ${perView} cards`, () => {
    mockViewportWidth(width);
    const el = document.createElement('div');
    el.innerHTML = '<div class="swiper-wrapper"><div class="swiper-slide"></div><div class="swiper-slide"></div></div>';
    document.body.append(el);
    const swiper = new Swiper(el, CATEGORY_CAROUSEL_OPTIONS);
    expect(swiper.params.slidesPerView).toBe(perView);
    swiper.destroy();
    el.remove();
  });
});
