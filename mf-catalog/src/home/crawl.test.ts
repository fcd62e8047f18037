import type { Swiper } from 'swiper/types';
import { createCrawlControl } from './crawl';

type Listener = () => void;

/** The slice of a Swiper instance the crawl control uses, observable. */
function fakeSwiper({ translate = -150, activeIndex = 2 } = {}) {
  const once = new Map<string, Listener[]>();
  const swiper = {
    destroyed: false,
    animating: true,
    translate: -200, // Swiper's target of the running step (column 2 of 100 px)
    activeIndex,
    width: 500,
    snapGrid: [0, 100, 200, 300],
    slidesGrid: [0, 100, 200, 300],
    autoplay: {
      running: true,
      stop: jest.fn(() => {
        swiper.autoplay.running = false;
        return true;
      }),
      start: jest.fn(() => {
        swiper.autoplay.running = true;
        return true;
      }),
    },
    getTranslate: jest.fn(() => translate),
    setTransition: jest.fn(),
    setTranslate: jest.fn((value: number) => {
      swiper.translate = value;
    }),
    slideTo: jest.fn(),
    slideNext: jest.fn(),
    slidePrev: jest.fn(),
    once: jest.fn((event: string, listener: Listener) => {
      once.set(event, [...(once.get(event) ?? []), listener]);
    }),
    finishTransition() {
      const listeners = once.get('transitionEnd') ?? [];
      once.delete('transitionEnd');
      listeners.forEach((listener) => listener());
    },
  };
  return swiper;
}
const control = (swiper: ReturnType<typeof fakeSwiper>, autoplay = true) =>
  createCrawlControl(swiper as unknown as Swiper, { speed: 10000, arrowSpeed: 600, autoplay });

/** Hovers the slider with the wrapper at `translate` px, then leaves it. */
function hoverThenLeave(translate: number) {
  const swiper = fakeSwiper({ translate });
  const crawl = control(swiper);
  crawl.hold('hover');
  crawl.release('hover');
  return swiper;
}

describe('the crawl pauses on hover (product §2.7)', () => {
  test('hovering stops autoplay and freezes the wrapper where it is, mid-transition', () => {
    const swiper = fakeSwiper({ translate: -150 });
    control(swiper).hold('hover');
    expect(swiper.autoplay.stop).toHaveBeenCalled();
    expect(swiper.setTransition).toHaveBeenCalledWith(0);
    expect(swiper.setTranslate).toHaveBeenCalledWith(-150);
    expect(swiper.animating).toBe(false);
  });

  test('leaving finishes the interrupted step at crawl pace, then autoplay carries on', () => {
    const swiper = hoverThenLeave(-150);
    // Half a column (50 of 100 px) left: half the 10 s step.
    expect(swiper.slideTo).toHaveBeenCalledWith(2, 5000);
    expect(swiper.autoplay.start).not.toHaveBeenCalled();
    swiper.finishTransition();
    expect(swiper.autoplay.start).toHaveBeenCalledTimes(1);
  });

  test('a step already complete resumes autoplay at once', () => {
    const swiper = hoverThenLeave(-200);
    expect(swiper.slideTo).not.toHaveBeenCalled();
    expect(swiper.autoplay.start).toHaveBeenCalledTimes(1);
  });

  test('keyboard focus holds too; the crawl resumes only when nothing holds it', () => {
    const swiper = fakeSwiper({ translate: -200 });
    const crawl = control(swiper);
    crawl.hold('hover');
    crawl.hold('focus');
    crawl.release('hover');
    expect(swiper.autoplay.start).not.toHaveBeenCalled();
    crawl.release('focus');
    expect(swiper.autoplay.start).toHaveBeenCalledTimes(1);
  });

  test('releasing something that was not held does nothing', () => {
    const swiper = fakeSwiper();
    control(swiper).release('hover');
    expect(swiper.slideTo).not.toHaveBeenCalled();
    expect(swiper.autoplay.start).not.toHaveBeenCalled();
  });
});

describe('arrows', () => {
  test('mid-step, "next" first completes the column being approached', () => {
    const swiper = fakeSwiper({ translate: -120 }); // 80 % of the way to column 2 still to go
    control(swiper).step('next');
    expect(swiper.slideTo).toHaveBeenCalledWith(2, 600);
    expect(swiper.slideNext).not.toHaveBeenCalled();
  });

  test('step one column promptly in either direction', () => {
    const swiper = fakeSwiper();
    const crawl = control(swiper);
    crawl.step('next');
    expect(swiper.animating).toBe(false); // loop mode ignores slideNext while animating
    expect(swiper.slideNext).toHaveBeenCalledWith(600);
    crawl.step('prev');
    expect(swiper.slidePrev).toHaveBeenCalledWith(600);
  });

  test('the crawl carries on after an arrow step unless the slider is held', () => {
    const swiper = fakeSwiper();
    const crawl = control(swiper);
    crawl.step('next');
    swiper.finishTransition();
    expect(swiper.autoplay.start).toHaveBeenCalledTimes(1);

    const hovered = fakeSwiper();
    const hoveredCrawl = control(hovered);
    hoveredCrawl.hold('hover');
    hoveredCrawl.step('next');
    hovered.finishTransition();
    expect(hovered.autoplay.start).not.toHaveBeenCalled();
  });

  test('with the crawl off (reduced motion) arrows work and nothing starts moving', () => {
    const swiper = fakeSwiper({ translate: -150 });
    swiper.autoplay.running = false;
    const crawl = control(swiper, false);
    crawl.step('next');
    swiper.finishTransition();
    crawl.hold('hover');
    crawl.release('hover');
    expect(swiper.slideNext).toHaveBeenCalled();
    expect(swiper.autoplay.start).not.toHaveBeenCalled();
  });
});
