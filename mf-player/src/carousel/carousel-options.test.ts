import Swiper from 'swiper';
import { mockViewportWidth } from '../testing/mock-viewport';
import { CATEGORY_CAROUSEL_OPTIONS } from './carousel-options';

// product §2.11's cards per view (2 at 340px, 3 at 640px, 4 at 768px, 5 at 990px, 7 at 1400px), as
// Swiper itself reads the config: a changed breakpoint, or one Swiper would read differently, fails.
describe.each([
  [320, 2],
  [340, 2],
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
