// Automatic rollback (decision 0047): while a canary runs, compare its client telemetry with the
// stable release's, per remote and build id, and abort it when it is clearly worse. The figures
// are the page services' /__telemetry/summary (every instance, merged as `npm run telemetry` does)
// or Prometheus (PROMETHEUS_URL). `npm run release -- watch` runs it; one watcher for the site.
//
// The rule, over the minutes since the canary started (at most --minutes, 10), counting distinct
// clients, not events (a client: an address, an IPv6 /64; page-service telemetry/release-window.ts),
// so one client moves a release's sample by one whatever it sends (by one per page service
// instance at most, as each counts its own):
//   nothing is judged before the canary has RULE.minViews clients that reported a view (100);
//   errors: the canary's error rate (clients with an error per client) is at least RULE.minRateGap (1 point)
//     above stable's, and a one-sided two-proportion z-test gives z ≥ RULE.zScore (3.09, p < 0.001);
//     when stable has fewer than minViews clients (nothing to compare with), a canary rate of
//     RULE.lonelyRate (5 %) or more;
//   LCP / INP: with at least RULE.minVitals (50) vitals samples on each side, the canary's p75 is
//     RULE.vitalsRatio (1.2×) stable's and at least RULE.lcpGapMs (250 ms) / RULE.inpGapMs (50 ms) slower.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromPrometheus, mergeSummaries } from '../telemetry.mjs';

export const RULE = Object.freeze({
  minViews: 100,
  minVitals: 50,
  zScore: 3.09,
  minRateGap: 0.01,
  lonelyRate: 0.05,
  vitalsRatio: 1.2,
  lcpGapMs: 250,
  inpGapMs: 50,
});

/** The sample a verdict counts: distinct clients, never events (0 from a source without them). */
const clientsOf = (row) => row?.clients ?? 0;
const failingOf = (row) => row?.clientsWithErrors ?? 0;
const rateOf = (row) => (clientsOf(row) > 0 ? Math.min(1, failingOf(row) / clientsOf(row)) : 0);
const pct = (x) => `${(x * 100).toFixed(1)} %`;

/** One-sided two-proportion z statistic of "the canary's rate is above stable's" (pooled variance). */
export function twoProportionZ(errorsA, viewsA, errorsB, viewsB) {
  const a = Math.min(errorsA, viewsA);
  const b = Math.min(errorsB, viewsB);
  const pooled = (a + b) / (viewsA + viewsB);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / viewsA + 1 / viewsB));
  const gap = a / viewsA - b / viewsB;
  if (se === 0) return gap > 0 ? Infinity : 0;
  return gap / se;
}

/** The figures a verdict rests on, as the history records them. */
const figures = (row) =>
  row
    ? {
        build: row.version,
        pageViews: row.pageViews,
        errors: row.errors,
        clients: clientsOf(row),
        clientsWithErrors: failingOf(row),
        errorRate: Math.round(rateOf(row) * 10_000) / 10_000,
        lcpP75: row.lcpP75 ?? null,
        inpP75: row.inpP75 ?? null,
        vitalsSamples: row.vitalsSamples ?? 0,
      }
    : null;

/**
 * The verdict on one canary beside its stable release (rows of a merged summary, or null).
 * @returns {{ verdict: 'wait' | 'ok' | 'worse', reason: string, canary: object | null, stable: object | null }}
 */
export function judge(canary, stable, rule = RULE) {
  const out = (verdict, reason) => ({ verdict, reason, canary: figures(canary), stable: figures(stable) });
  const canaryViews = clientsOf(canary);
  if (canaryViews < rule.minViews) return out('wait', `${canaryViews} canary clients, judging from ${rule.minViews}`);
  const pc = rateOf(canary);
  const stableViews = clientsOf(stable);
  if (stableViews < rule.minViews) {
    if (pc >= rule.lonelyRate)
      return out(
        'worse',
        `canary error rate ${pct(pc)} over ${canaryViews} clients (≥ ${pct(rule.lonelyRate)}; stable has ${stableViews} clients)`,
      );
  } else {
    const ps = rateOf(stable);
    const z = twoProportionZ(failingOf(canary), canaryViews, failingOf(stable), stableViews);
    if (pc - ps >= rule.minRateGap && z >= rule.zScore)
      return out(
        'worse',
        `canary error rate ${pct(pc)} vs stable ${pct(ps)} over ${canaryViews} / ${stableViews} clients ` +
          `(z = ${Number.isFinite(z) ? z.toFixed(1) : '∞'} ≥ ${rule.zScore})`,
      );
  }
  if ((canary.vitalsSamples ?? 0) >= rule.minVitals && (stable?.vitalsSamples ?? 0) >= rule.minVitals)
    for (const [field, label, gap] of [
      ['lcpP75', 'LCP', rule.lcpGapMs],
      ['inpP75', 'INP', rule.inpGapMs],
    ]) {
      const c = canary[field];
      const s = stable[field];
      if (typeof c === 'number' && typeof s === 'number' && c >= s * rule.vitalsRatio && c - s >= gap)
        return out(
          'worse',
          `canary ${label} p75 ${Math.round(c)} ms vs stable ${Math.round(s)} ms ` +
            `(${canary.vitalsSamples} / ${stable.vitalsSamples} samples; worse by ${Math.round((c / s - 1) * 100)} %)`,
        );
    }
  return out(
    'ok',
    `canary error rate ${pct(pc)} over ${canaryViews} clients, stable ${pct(rateOf(stable))}; vitals within bounds`,
  );
}

/** The build id in a release's manifest (telemetry names releases by it), from RELEASES_DIR or its URL. */
export async function buildOf({ releasesDir, folder, version, url }) {
  const file = releasesDir && folder && version ? path.join(releasesDir, folder, version, 'mf-manifest.json') : null;
  let manifest = null;
  try {
    if (file && existsSync(file)) manifest = JSON.parse(readFileSync(file, 'utf8'));
    else if (url) manifest = await (await fetch(url, { signal: AbortSignal.timeout(5_000) })).json();
  } catch {
    return null;
  }
  const build = manifest?.metaData?.buildInfo?.buildVersion;
  return typeof build === 'string' ? build : null;
}

/** Every page service's summary that answered, merged; the ones that did not are logged. */
async function fromPageServices(urls, minutes, log) {
  const answers = await Promise.allSettled(
    urls.map(async (base) => {
      const url = `${base.replace(/\/$/, '')}/__telemetry/summary?minutes=${minutes}`;
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.json();
    }),
  );
  answers.forEach((answer, i) => {
    if (answer.status === 'rejected') log(`telemetry of ${urls[i]} unreadable: ${answer.reason?.message ?? answer.reason}`);
  });
  const read = answers.filter((a) => a.status === 'fulfilled').map((a) => a.value);
  return read.length ? mergeSummaries(read) : null;
}

/** Rows per remote and build id over `minutes`, or null when no source answered. */
export async function readTelemetry({ telemetryUrls, prometheusUrl, minutes, log }) {
  if (prometheusUrl)
    try {
      return await fromPrometheus(prometheusUrl, minutes);
    } catch (error) {
      log(`Prometheus ${prometheusUrl} unreadable: ${error.message}`);
      return null;
    }
  return fromPageServices(telemetryUrls, minutes, log);
}

/**
 * One look at every running canary. `canaries()` lists { remote, folder, canary, stable } from the
 * pointers (canary and stable: { version, url }); `abort(remote, canary, verdict)` aborts one,
 * guarded so it ends only that canary. Returns the verdict per remote.
 */
export async function checkOnce({
  canaries,
  telemetry,
  abort,
  log,
  releasesDir,
  maxMinutes = 10,
  rule = RULE,
  now = Date.now(),
}) {
  const running = await canaries();
  if (!running.length) return [];
  // The window starts with the canary: stable's figures from the same minutes, none from before it.
  const since = Math.min(...running.map((r) => Date.parse(r.canary.since) || now));
  const minutes = Math.max(1, Math.min(maxMinutes, Math.ceil((now - since) / 60_000)));
  const rows = await telemetry(minutes);
  const results = [];
  for (const r of running) {
    if (!rows) {
      results.push({ remote: r.remote, verdict: 'wait', reason: 'no telemetry answered' });
      continue;
    }
    const [canaryBuild, stableBuild] = await Promise.all(
      [r.canary, r.stable].map((release) => (release ? buildOf({ releasesDir, folder: r.folder, ...release }) : null)),
    );
    const row = (build) => (build ? (rows.find((x) => x.remote === r.remote && x.version === build) ?? null) : null);
    const verdict = judge(row(canaryBuild), canaryBuild === stableBuild ? null : row(stableBuild), rule);
    log(`${r.remote} canary ${r.canary.version} (build ${canaryBuild ?? '?'}): ${verdict.verdict} — ${verdict.reason}`);
    if (verdict.verdict === 'worse')
      try {
        await abort(r.remote, r.canary, { ...verdict, minutes });
        log(`${r.remote} canary ${r.canary.version} aborted`);
      } catch (error) {
        log(`${r.remote} canary ${r.canary.version} not aborted: ${error.message}`);
      }
    results.push({ remote: r.remote, ...verdict, minutes });
  }
  return results;
}

/** Looks every `intervalMs` until `signal` aborts (or once). */
export async function watchCanaries({ once = false, intervalMs = 30_000, signal, ...check }) {
  for (;;) {
    try {
      await checkOnce({ ...check, now: Date.now() });
    } catch (error) {
      check.log(`check failed: ${error.message}`);
    }
    if (once || signal?.aborted) return;
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, intervalMs);
      signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    if (signal?.aborted) return;
  }
}
