// Canary cohorts (decision 0046): while a remote has a canary (`remotes.<name>.canary` in the
// pointers), each visitor is drawn once into it (with its share's chance) or not, and the draw is
// kept in one cookie, `portal_cohort`, as `<canary id>.<c|s>` per running canary: the same
// visitor then sees the same release on every page and reload until that canary ends. A new
// canary has a new id, so its cohorts are drawn afresh. The cookie's values come from a small set
// (two per running canary), so caches keyed by it stay useful.
import { randomInt } from 'node:crypto';
import type { CanaryPointer, PointerState } from './pointer-state';
import type { ReleaseSelector, Selection } from './release-selector';
import { COHORT_COOKIE, COHORT_MAX_AGE_S, steeringCookie } from './steering-cookies';

export type CohortLabel = 'c' | 's';
/** c: in the canary; s: stays on the live release. */
const LABELS = new Set<string>(['c', 's']);
const PAIR = /^([A-Za-z0-9]{1,32})\.([a-z])$/;
/** Pairs read from a cookie at most (more concurrent canaries than remotes make no sense). */
const MAX_PAIRS = 16;

/** The cookie's draws: canary id → label. Anything malformed is ignored (and drawn again). */
export function parseCohorts(value: string | undefined): Map<string, CohortLabel> {
  const drawn = new Map<string, CohortLabel>();
  for (const pair of (value ?? '').split('_').slice(0, MAX_PAIRS)) {
    const match = PAIR.exec(pair);
    if (match && LABELS.has(match[2] ?? '')) drawn.set(match[1] ?? '', match[2] as CohortLabel);
  }
  return drawn;
}

export const formatCohorts = (drawn: ReadonlyMap<string, CohortLabel>): string =>
  [...drawn].map(([id, label]) => `${id}.${label}`).join('_');

/** Whether a new visitor lands in the canary: `share` % of the time (to 0.01 %). */
export const drawShare = (share: number): boolean => randomInt(10_000) < Math.round(share * 100);

export interface CanarySelectorOptions {
  /** The draw (tests fix it). */
  draw?: (canary: CanaryPointer) => boolean;
}

export function canarySelector({ draw = (canary) => drawShare(canary.share) }: CanarySelectorOptions = {}): ReleaseSelector {
  return {
    select(visitor, state: PointerState): Selection {
      const cookie = visitor.cookies[COHORT_COOKIE];
      const had = parseCohorts(cookie);
      const drawn = new Map<string, CohortLabel>();
      const remotes: Record<string, string> = {};
      const keys: string[] = [];
      // In name order, so the cookie and the key are spelled one way for one set of draws.
      for (const [remote, pointer] of Object.entries(state.remotes).sort(([a], [b]) => a.localeCompare(b))) {
        const canary = pointer.canary;
        if (!canary) continue;
        const label = had.get(canary.id) ?? (draw(canary) ? 'c' : 's');
        drawn.set(canary.id, label);
        if (label === 'c') remotes[remote] = canary.url;
        keys.push(`${remote}.${canary.id}.${label}`);
      }
      const value = formatCohorts(drawn);
      // Only a changed cookie is sent: a new draw, or a draw of a canary that ended dropped. A
      // header that names the cookie ambiguously always gets one, and a private answer: a cache
      // may have read another cohort from it (cohort-cookie.ts).
      const ambiguous = visitor.ambiguous?.includes(COHORT_COOKIE) ?? false;
      const changed = ambiguous || (value !== (cookie ?? '') && !(value === '' && cookie === undefined));
      return {
        remotes,
        key: keys.join(','),
        setCookies: changed ? [steeringCookie(COHORT_COOKIE, value, { https: visitor.https, maxAgeS: COHORT_MAX_AGE_S })] : [],
        cacheable: !changed,
      };
    },
  };
}
