// How sure a ratio of two medians is. The navigation bench's budgets sit near 1.15×, where a
// 7- or 15-walk median moves by about 10 % from run to run: a ratio alone cannot say whether a
// step is over. Resampling the walks says how far the ratio moves on this run's own noise.
import { median } from './bench-sites.mjs';

/** A small seeded generator (mulberry32), so the same walks print the same interval. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The ratio of the medians of `a` and `b` and a `level` interval around it, by resampling walk
 * numbers with replacement. The builds took turns, so walk i of each shared the machine's moment:
 * a pair is resampled together. Walks that missed (null) in either build are left out.
 */
export function ratioInterval(a, b, { rounds = 2000, level = 0.9, seed = 1 } = {}) {
  const pairs = a.map((x, i) => [x, b[i]]).filter(([x, y]) => x != null && y != null);
  if (!pairs.length) return null;
  const ratioOf = (sample) => median(sample.map(([x]) => x)) / median(sample.map(([, y]) => y));
  const random = seeded(seed);
  const ratios = Array.from({ length: rounds }, () => ratioOf(pairs.map(() => pairs[Math.floor(random() * pairs.length)]))).sort(
    (x, y) => x - y,
  );
  const tail = (1 - level) / 2;
  return {
    walks: pairs.length,
    ratio: ratioOf(pairs),
    low: ratios[Math.floor(tail * (rounds - 1))],
    high: ratios[Math.ceil((1 - tail) * (rounds - 1))],
  };
}

/**
 * Fewest walks a verdict is given on: resampling a handful of walks repeats the same few values,
 * and its interval comes out narrower than the noise (2 walks said "over" at 1.20–1.21×).
 */
export const FEWEST_WALKS = 7;

/** Whether an interval is within a ratio budget, over it, or cannot tell (always, below FEWEST_WALKS walks). */
export function verdict({ low, high, walks }, budget) {
  if (walks < FEWEST_WALKS) return `cannot tell from ${walks} walks`;
  if (high <= budget) return 'within';
  if (low > budget) return 'over';
  return 'cannot tell';
}
