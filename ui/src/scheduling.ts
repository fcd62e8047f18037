// When to run work that must not hold the page back. Each returns a function that cancels it.

/**
 * Runs `then` once the frame being drawn now is on screen: a frame callback runs just before the
 * paint, and a task it queues just after.
 */
export function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `then` in the browser's next idle moment, or after `timeoutMs` at the latest; in the next
 * task where the browser has no idle callbacks (Safari).
 */
export function whenIdle(then: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(() => then(), { timeout: timeoutMs });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(then, 0);
  return () => clearTimeout(timer);
}
