import { TOAST_DEFAULTS } from './toast-defaults';

test('Alt+T, and only Alt+T, moves focus to the toasts', () => {
  const press = (init: KeyboardEventInit) => TOAST_DEFAULTS.hotKeys(new KeyboardEvent('keydown', init));
  expect(press({ altKey: true, code: 'KeyT' })).toBe(true);
  expect(press({ altKey: false, code: 'KeyT' })).toBe(false);
  expect(press({ altKey: true, code: 'KeyY' })).toBe(false);
});
