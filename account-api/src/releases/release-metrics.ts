// The release history as Prometheus reads it from the release service (decision 0062): changes by
// remote and action, counted in its database at each scrape, so an alert (CanaryAborted) sees a
// canary aborted by the watcher or by hand with one scrape target, whichever instance answers.
import { Counter, Registry } from 'prom-client';
import type { ReleaseStore } from './release-store';

/** The actions scripts/release.mjs records; a row of any other action is not counted. */
export const RELEASE_ACTIONS = [
  'publish',
  'point',
  'unpoint',
  'rollback',
  'roll-forward',
  'canary',
  'promote',
  'abort',
  'prune',
  'override-token',
  'revoke-override',
] as const;
/** Shown at 0 for every remote with a history, so the first abort is an increase, not a new series. */
const ALWAYS_SHOWN = ['canary', 'promote', 'abort', 'rollback'] as const;
const KNOWN = new Set<string>(RELEASE_ACTIONS);

/** A registry with `release_actions_total{remote,action}` read from `store` at each scrape. */
export function releaseMetricsRegistry(store: Pick<ReleaseStore, 'actionCounts'>): Registry {
  const registry = new Registry();
  new Counter({
    name: 'release_actions_total',
    help: 'Release pointer changes in the release service’s history, by remote and action (abort: a canary stopped)',
    labelNames: ['remote', 'action'],
    registers: [registry],
    async collect() {
      const counts = await store.actionCounts();
      this.reset();
      for (const remote of new Set(counts.map((row) => row.remote)))
        for (const action of ALWAYS_SHOWN) this.inc({ remote, action }, 0);
      for (const { remote, action, count } of counts) if (KNOWN.has(action)) this.inc({ remote, action }, count);
    },
  });
  return registry;
}
