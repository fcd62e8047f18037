/**
 * Test helper: a window.matchMedia for jsdom (which has none) that answers min-/max-width
 * queries as a browser of the given width would. Returns a function that resizes and
 * notifies listeners, like a real resize.
 */
export function mockViewportWidth(initialWidth: number): (width: number) => void {
  let width = initialWidth;
  const lists = new Set<{ query: string; listeners: Set<(event: MediaQueryListEvent) => void> }>();
  const evaluate = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  window.matchMedia = (query: string): MediaQueryList => {
    const entry = { query, listeners: new Set<(event: MediaQueryListEvent) => void>() };
    lists.add(entry);
    return {
      media: query,
      get matches() {
        return evaluate(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => entry.listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => entry.listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
  window.innerWidth = width;
  return (next: number) => {
    width = next;
    window.innerWidth = next;
    for (const entry of lists) {
      const event = { matches: evaluate(entry.query), media: entry.query } as MediaQueryListEvent;
      entry.listeners.forEach((listener) => listener(event));
    }
  };
}
