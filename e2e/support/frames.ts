import type { Frame, Page } from '@playwright/test';

/**
 * Resolves once the page (or frame) has rendered `count` more frames. Waiting on what would have
 * caused a change, not on the clock: whatever a rendering step does (a scroll a key began, the
 * `scroll` event it fires, a React commit scheduled in the same task, a layout shift and its
 * report) has happened by then, however slow the machine.
 */
export function renderedFrames(target: Page | Frame, count = 2): Promise<void> {
  return target.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        let left = frames;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );
}
