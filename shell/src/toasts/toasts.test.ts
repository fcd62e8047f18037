import { TOAST_DEFAULTS } from './toasts';

test('toast defaults follow SPEC §9', () => {
  expect(TOAST_DEFAULTS.autoClose).toBe(5000);
  expect(TOAST_DEFAULTS.position).toBe('top-right');
  expect(TOAST_DEFAULTS.width).toBe('320px');
  const press = (init: KeyboardEventInit) => TOAST_DEFAULTS.hotKeys(new KeyboardEvent('keydown', init));
  expect(press({ altKey: true, code: 'KeyT' })).toBe(true);
  expect(press({ altKey: false, code: 'KeyT' })).toBe(false);
  expect(press({ altKey: true, code: 'KeyY' })).toBe(false);
});
