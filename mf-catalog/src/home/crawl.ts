import type { Swiper } from 'swiper/types';

/** Why the crawl is held still: a mouse over the slider, or keyboard focus inside it. */
export type HoldReason = 'hover' | 'focus';

export interface CrawlControl {
  hold(reason: HoldReason): void;
  release(reason: HoldReason): void;
  /** Arrow buttons: one column, promptly, then the crawl carries on unless still held. */
  step(direction: 'prev' | 'next'): void;
}

interface CrawlOptions {
  /** Duration of one full crawl step (ms). */
  speed: number;
  /** Duration of an arrow step (ms). */
  arrowSpeed: number;
  /** False when the crawl is off (e.g. reduced motion): arrows still work. */
  autoplay: boolean;
}

/**
 * The Home slider crawls with an autoplay delay of 1 ms, so a transition is nearly always under way.
 * Swiper's own pauseOnMouseEnter only pauses between transitions and its loop mode ignores
 * arrow clicks while animating, so holding and stepping first freeze the wrapper where it is.
 */
export function createCrawlControl(swiper: Swiper, { speed, arrowSpeed, autoplay }: CrawlOptions): CrawlControl {
  const holds = new Set<HoldReason>();

  function freeze(): void {
    if (swiper.autoplay.running) swiper.autoplay.stop();
    const here = swiper.getTranslate();
    swiper.setTransition(0);
    swiper.setTranslate(here);
    swiper.animating = false;
  }

  function carryOn(): void {
    if (autoplay && holds.size === 0 && !swiper.destroyed && !swiper.autoplay.running) swiper.autoplay.start();
  }

  /** How much of a column the interrupted step still has to travel (0 = at rest on a column). */
  function remainingColumns(): number {
    const snap = swiper.snapGrid[Math.min(swiper.activeIndex, swiper.snapGrid.length - 1)] ?? 0;
    const column = Math.abs((swiper.slidesGrid[1] ?? swiper.width) - (swiper.slidesGrid[0] ?? 0)) || 1;
    return Math.min(1, Math.abs(swiper.translate + snap) / column);
  }

  /** Finishes the interrupted step at the crawl's pace, so resuming does not lurch. */
  function resume(): void {
    freeze();
    const duration = Math.round(speed * remainingColumns());
    if (duration < 16) {
      carryOn();
      return;
    }
    swiper.once('transitionEnd', carryOn);
    swiper.slideTo(swiper.activeIndex, duration);
  }

  return {
    hold(reason) {
      if (swiper.destroyed) return;
      holds.add(reason);
      freeze();
    },
    release(reason) {
      if (swiper.destroyed || !holds.delete(reason) || holds.size > 0) return;
      if (autoplay) resume();
    },
    step(direction) {
      if (swiper.destroyed) return;
      freeze();
      swiper.once('transitionEnd', carryOn);
      // Mid-step, Swiper's activeIndex is already the column being approached: "next" is
      // that column unless it is nearly reached, so one click moves about one column.
      if (direction === 'next' && remainingColumns() > 0.5) swiper.slideTo(swiper.activeIndex, arrowSpeed);
      else if (direction === 'next') swiper.slideNext(arrowSpeed);
      else swiper.slidePrev(arrowSpeed);
    },
  };
}
