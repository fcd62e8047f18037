// `npm run release -- watch`: while a canary runs, compare it with the live (stable) release from
// the page services' client telemetry (GET /__telemetry/summary?minutes=N), and abort it when it
// is clearly worse, recording why in the history. The rule (decision 0041):
//
//   wait until the canary has MIN_VIEWS page views (100) in the window; then it is worse when
//   - errors: its error rate (errors per page view) is at least 1 point and 1.5× above the stable
//     release's, and a one-sided two-proportion z-test gives z ≥ 3 (about 1 chance in 700 of
//     being noise); with fewer than MIN_VIEWS stable views, when its rate is 5 % or more;
//   - LCP or INP: with at least MIN_VITALS (50) vitals samples on each side, its p75 is 1.2× the
//     stable p75 and at least 200 ms (LCP) or 50 ms (INP) slower.

export const RULE = {
  minViews: 100,
  minVitals: 50,
  zScore: 3,
  minRateGap: 0.01,
  minRateRatio: 1.5,
  lonelyRate: 0.05,
  vitalsRatio: 1.2,
  lcpGapMs: 200,
  inpGapMs: 50,
};

/** The summaries of several page services as one: counts add up, p75s are averaged by sample count. */
export function mergeSummaries(summaries) {
  const byKey = new Map();
  for (const summary of summaries)
    for (const row of summary?.releases ?? []) {
      const key = `${row.remote}\n${row.version}`;
      const into = byKey.get(key) ?? { remote: row.remote, version: row.version, pageViews: 0, errors: 0, vitals: [] };
      into.pageViews += row.pageViews ?? 0;
      into.errors += row.errors ?? 0;
      into.vitals.push(row);
      byKey.set(key, into);
    }
  return [...byKey.values()].map(({ vitals, ...row }) => {
    const samples = vitals.reduce((sum, r) => sum + (r.vitalsSamples ?? 0), 0);
    const p75 = (field) => {
      const known = vitals.filter((r) => typeof r[field] === 'number' && r.vitalsSamples > 0);
      const weight = known.reduce((sum, r) => sum + r.vitalsSamples, 0);
      return weight ? known.reduce((sum, r) => sum + r[field] * r.vitalsSamples, 0) / weight : null;
    };
    return {
      ...row,
      errorRate: row.pageViews ? row.errors / row.pageViews : 0,
      lcpP75: p75('lcpP75'),
      inpP75: p75('inpP75'),
      vitalsSamples: samples,
    };
  });
}

const rate = (row) => (row.pageViews ? Math.min(1, row.errors / row.pageViews) : 0);

/**
 * @returns {{ verdict: 'wait' | 'ok' | 'worse', reason: string }}
 */
export function judge(canary, stable, rule = RULE) {
  if (!canary || canary.pageViews < rule.minViews)
    return { verdict: 'wait', reason: `${canary?.pageViews ?? 0} canary page views, waiting for ${rule.minViews}` };
  const pc = rate(canary);
  const stableViews = stable?.pageViews ?? 0;
  const pct = (x) => `${(x * 100).toFixed(1)} %`;
  if (stableViews < rule.minViews) {
    if (pc >= rule.lonelyRate)
      return {
        verdict: 'worse',
        reason: `canary error rate ${pct(pc)} over ${canary.pageViews} views (≥ ${pct(rule.lonelyRate)}; stable has only ${stableViews} views)`,
      };
  } else {
    const ps = rate(stable);
    const pooled = (canary.errors + stable.errors) / (canary.pageViews + stableViews);
    const se = Math.sqrt(Math.min(1, pooled) * (1 - Math.min(1, pooled)) * (1 / canary.pageViews + 1 / stableViews));
    const z = se > 0 ? (pc - ps) / se : pc > ps ? Infinity : 0;
    if (z >= rule.zScore && pc - ps >= rule.minRateGap && pc >= rule.minRateRatio * ps)
      return {
        verdict: 'worse',
        reason: `canary error rate ${pct(pc)} vs stable ${pct(ps)} (${canary.pageViews} / ${stableViews} views, z = ${Number.isFinite(z) ? z.toFixed(1) : '∞'})`,
      };
  }
  if ((canary.vitalsSamples ?? 0) >= rule.minVitals && (stable?.vitalsSamples ?? 0) >= rule.minVitals) {
    for (const [field, label, gap] of [
      ['lcpP75', 'LCP', rule.lcpGapMs],
      ['inpP75', 'INP', rule.inpGapMs],
    ]) {
      const c = canary[field];
      const s = stable[field];
      if (typeof c === 'number' && typeof s === 'number' && c >= s * rule.vitalsRatio && c - s >= gap)
        return {
          verdict: 'worse',
          reason: `canary ${label} p75 ${Math.round(c)} ms vs stable ${Math.round(s)} ms (${canary.vitalsSamples} / ${stable.vitalsSamples} samples)`,
        };
    }
  }
  return { verdict: 'ok', reason: `canary error rate ${pct(pc)} over ${canary.pageViews} views, vitals within bounds` };
}

async function fetchSummary(base, minutes) {
  const url = new URL(`/__telemetry/summary?minutes=${minutes}`, base);
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** One look at every running canary; aborts those judged worse. Returns what it found per remote. */
export async function checkOnce({ telemetry, minutes, readRemotes, abort, log, rule = RULE }) {
  const running = readRemotes().filter((r) => r.canary);
  if (!running.length) return [];
  const summaries = [];
  for (const base of telemetry) {
    try {
      summaries.push(await fetchSummary(base, minutes));
    } catch (error) {
      log(`telemetry ${base} unreadable: ${error.message}`);
    }
  }
  if (!summaries.length) {
    log('no telemetry answered: no canary judged this round');
    return running.map((r) => ({ remote: r.remote, verdict: 'wait', reason: 'no telemetry' }));
  }
  const rows = mergeSummaries(summaries);
  const results = [];
  for (const r of running) {
    const find = (build) => rows.find((row) => row.remote === r.remote && build && row.version === build);
    const { verdict, reason } = judge(find(r.canary.build), find(r.live?.build), rule);
    log(`${r.remote} canary ${r.canary.version}: ${verdict} — ${reason}`);
    if (verdict === 'worse') {
      try {
        await abort(r.remote, r.canary.version, `automatic: ${reason} in the last ${minutes} min`);
        log(`${r.remote} canary ${r.canary.version} aborted`);
      } catch (error) {
        log(`${r.remote}: not aborted: ${error.message}`);
      }
    }
    results.push({ remote: r.remote, verdict, reason });
  }
  return results;
}

/** Checks every `intervalMs` until stopped (SIGINT/SIGTERM), or once. */
export async function watchCanaries({
  once = false,
  intervalMs = 60_000,
  minutes = 10,
  telemetry,
  readRemotes,
  abort,
  log,
  rule = RULE,
}) {
  if (!telemetry.length)
    throw new Error('say where the telemetry is: --telemetry http://page-service:8080[,…] or RELEASE_TELEMETRY_URLS');
  let stopped = false;
  const stop = () => (stopped = true);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  do {
    await checkOnce({ telemetry, minutes, readRemotes, abort, log, rule });
    if (once) break;
    const until = Date.now() + intervalMs;
    while (!stopped && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, Math.min(500, intervalMs)));
  } while (!stopped);
}
