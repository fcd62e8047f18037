// A window.matchMedia for jsdom (which has none) that answers min-/max-width queries as a
// browser of the current width would, and notifies listeners when the width changes.
// Every jsdom suite gets it (setup-dom.js); tests move the width with mockViewportWidth().

let width = 1024;
const lists = new Set();

function evaluate(query) {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)));
}

function matchMedia(query) {
  const entry = { query, listeners: new Set() };
  lists.add(entry);
  return {
    media: query,
    get matches() {
      return evaluate(query);
    },
    onchange: null,
    addEventListener: (_type, listener) => entry.listeners.add(listener),
    removeEventListener: (_type, listener) => entry.listeners.delete(listener),
    addListener: (listener) => entry.listeners.add(listener),
    removeListener: (listener) => entry.listeners.delete(listener),
    dispatchEvent: () => true,
  };
}

function setWidth(next) {
  width = next;
  window.innerWidth = next;
  for (const entry of lists) {
    const event = { matches: evaluate(entry.query), media: entry.query };
    entry.listeners.forEach((listener) => listener(event));
  }
}

/** Installs the stand-in at the given width; returns a resize function that notifies listeners. */
function mockViewportWidth(initialWidth) {
  window.matchMedia = matchMedia;
  setWidth(initialWidth);
  return setWidth;
}

module.exports = { mockViewportWidth };
