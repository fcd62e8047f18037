import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ratioInterval, verdict } from './ratio-interval.mjs';

test('the same walks on both sides: a ratio of 1 with no spread', () => {
  const walks = [80, 84, 90, 95, 101, 88, 86];
  assert.deepEqual(ratioInterval(walks, walks), { walks: 7, ratio: 1, low: 1, high: 1 });
});

test('a step clearly slower on one side is over the budget; one within noise cannot be told', () => {
  const single = [100, 104, 98, 110, 95, 102, 99, 101, 97, 105];
  const slow = single.map((ms) => ms * 1.4);
  const slower = ratioInterval(slow, single);
  assert.ok(Math.abs(slower.ratio - 1.4) < 1e-9);
  assert.equal(verdict(slower, 1.15), 'over');

  const noisy = [90, 130, 100, 140, 95, 125, 105, 135, 98, 120];
  const close = ratioInterval(noisy, single);
  assert.ok(close.low < 1.15 && close.high > 1.15, `${close.low}–${close.high}`);
  assert.equal(verdict(close, 1.15), 'cannot tell');
  assert.equal(verdict(ratioInterval(single, slow), 1.15), 'within');
});

test('walks that missed in either build are left out, and the same walks print the same interval', () => {
  const a = [100, null, 120, 110, 90];
  const b = [100, 100, null, 100, 100];
  assert.deepEqual(ratioInterval(a, b), ratioInterval([100, 110, 90], [100, 100, 100]));
  assert.deepEqual(ratioInterval(a, b), ratioInterval(a, b));
  assert.equal(ratioInterval([null], [100]), null);
});

test('too few walks get no verdict, however narrow their interval', () => {
  const two = ratioInterval([120, 121], [100, 100]);
  assert.ok(two.low > 1.15);
  assert.equal(verdict(two, 1.15), 'cannot tell from 2 walks');
});
