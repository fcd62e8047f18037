import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './scheduling';
import { useBrowserValue } from './use-browser-value';

/**
 * False in the first render of a component mounted in the browser, true once the browser has
 * painted the frame that mount drew (in a transition, so the render it starts yields to input).
 * Lets a page draw its first screen in the commit a click waits for and what lies below it just
 * after. True from the start on the server, in the render that hydrates the server's HTML (which
 * has everything already), and when `atOnce` is true in the first render.
 */
export function useAfterFirstPaint(atOnce = false): boolean {
  const hydrating = !useBrowserValue(() => true, false);
  // Kept from the first render: the render after hydration reads the browser's value.
  const [painted, setPainted] = useState(hydrating || atOnce);
  useEffect(() => {
    if (painted) return undefined;
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [painted]);
  return painted;
}
