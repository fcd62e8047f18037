import { addTransitionType } from 'react';
import { PAGE_CHANGE } from './page-change';
import { markPageChanges } from './page-change-marks';

jest.mock('react', () => ({
  ...jest.requireActual<typeof import('react')>('react'),
  addTransitionType: jest.fn(),
}));

let stop: (() => void) | undefined;
beforeEach(() => {
  window.history.replaceState(null, '', '/all-games');
  document.body.innerHTML =
    '<div id="root"><a href="/categories/Action">Action</a><form role="search"><button>Go</button></form><button id="logout">Logout</button></div>';
  stop = markPageChanges();
});
afterEach(() => {
  stop?.();
  jest.mocked(addTransitionType).mockClear();
});

/** What the site does with the event while it bubbles (the router, at React's root). */
function onRoot(type: string, handle: (event: Event) => void) {
  document.getElementById('root')?.addEventListener(type, (event) => {
    event.preventDefault();
    handle(event);
  });
}

test('a click that opens another page marks the route change as a page change', () => {
  onRoot('click', () => window.history.pushState(null, '', '/categories/Action'));
  document.querySelector('a')?.click();
  expect(addTransitionType).toHaveBeenCalledTimes(1);
  expect(addTransitionType).toHaveBeenCalledWith(PAGE_CHANGE);
});

test('a search sent from the header marks its route change too', () => {
  onRoot('submit', () => window.history.pushState(null, '', '/search?q=car'));
  document.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  expect(addTransitionType).toHaveBeenCalledWith(PAGE_CHANGE);
});

test('a click that stays on the page (a filter, a link to the same page) marks nothing', () => {
  onRoot('click', () => window.history.pushState(null, '', '/all-games?sort=name'));
  document.querySelector('a')?.click();
  expect(addTransitionType).not.toHaveBeenCalled();
});

test('a button that changes the route (Logout) marks nothing: its own page changes first', () => {
  onRoot('click', () => window.history.pushState(null, '', '/'));
  document.getElementById('logout')?.click();
  expect(addTransitionType).not.toHaveBeenCalled();
});

test('once stopped, nothing is marked', () => {
  stop?.();
  onRoot('click', () => window.history.pushState(null, '', '/categories/Action'));
  document.querySelector('a')?.click();
  expect(addTransitionType).not.toHaveBeenCalled();
});
