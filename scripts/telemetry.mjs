// `npm run telemetry [-- --minutes N] [URL …]`: each release's health per remote and build id
// (page views, errors, error rate, LCP and INP p75) over the last N minutes (default 15), read
// from page services' /__telemetry/summary (URLs as arguments or TELEMETRY_URLS, comma-separated;
// default http://localhost:8080) or from Prometheus (PROMETHEUS_URL), instances merged.
import { pathToFileURL } from 'node:url';

/** Merges several instances' summaries: counts add up; p75s are weighted by vitals samples (an approximation). */
export function mergeSummaries(summaries) {
  const merged = new Map();
  for (const summary of summaries)
    for (const release of summary.releases) {
      const key = `${release.remote}\n${release.version}`;
      const into = merged.get(key) ?? {
        remote: release.remote,
        version: release.version,
        pageViews: 0,
        errors: 0,
        lcp: [],
        inp: [],
        vitalsSamples: 0,
        clients: 0,
        clientsWithErrors: 0,
      };
      // A client whose beacons reached two instances counts once on each (at most once per instance).
      into.clients += release.clients ?? 0;
      into.clientsWithErrors += release.clientsWithErrors ?? 0;
      into.pageViews += release.pageViews;
      into.errors += release.errors;
      into.vitalsSamples += release.vitalsSamples;
      if (release.lcpP75 !== null) into.lcp.push([release.lcpP75, release.vitalsSamples || 1]);
      if (release.inpP75 !== null) into.inp.push([release.inpP75, release.vitalsSamples || 1]);
      merged.set(key, into);
    }
  const weighted = (pairs) => {
    const weight = pairs.reduce((sum, [, w]) => sum + w, 0);
    return weight === 0 ? null : Math.round(pairs.reduce((sum, [value, w]) => sum + value * w, 0) / weight);
  };
  return [...merged.values()]
    .map(({ lcp, inp, ...release }) => ({
      ...release,
      errorRate: release.pageViews === 0 ? 0 : release.errors / release.pageViews,
      lcpP75: weighted(lcp),
      inpP75: weighted(inp),
    }))
    .sort((a, b) => a.remote.localeCompare(b.remote) || a.version.localeCompare(b.version));
}

async function fromPageServices(urls, minutes) {
  const summaries = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(`${url.replace(/\/$/, '')}/__telemetry/summary?minutes=${minutes}`);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json();
    }),
  );
  return mergeSummaries(summaries);
}

/** Rows per remote and build id from Prometheus's counters and histograms (every instance it scrapes). */
export async function fromPrometheus(base, minutes) {
  const ask = async (promql) => {
    const response = await fetch(`${base.replace(/\/$/, '')}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = await response.json();
    if (body.status !== 'success') throw new Error(`Prometheus: ${body.error ?? response.status}`);
    return body.data.result;
  };
  const range = `[${minutes}m]`;
  const releases = new Map();
  const release = (metric) => {
    const key = `${metric.remote}\n${metric.version}`;
    if (!releases.has(key))
      releases.set(key, {
        remote: metric.remote,
        version: metric.version,
        pageViews: 0,
        errors: 0,
        lcpP75: null,
        inpP75: null,
        vitalsSamples: 0,
        clients: 0,
        clientsWithErrors: 0,
      });
    return releases.get(key);
  };
  const by = 'by (remote, version)';
  for (const sample of await ask(`sum ${by} (increase(telemetry_page_views_total${range}))`))
    release(sample.metric).pageViews = Math.round(Number(sample.value[1]));
  for (const sample of await ask(`sum ${by} (increase(telemetry_client_errors_total${range}))`))
    release(sample.metric).errors = Math.round(Number(sample.value[1]));
  for (const sample of await ask(`sum ${by} (telemetry_release_clients{kind="views"})`))
    release(sample.metric).clients = Math.round(Number(sample.value[1]));
  for (const sample of await ask(`sum ${by} (telemetry_release_clients{kind="errors"})`))
    release(sample.metric).clientsWithErrors = Math.round(Number(sample.value[1]));
  for (const sample of await ask(`sum ${by} (increase(telemetry_web_vital_seconds_count${range}))`))
    release(sample.metric).vitalsSamples = Math.round(Number(sample.value[1]));
  for (const [name, field] of [
    ['LCP', 'lcpP75'],
    ['INP', 'inpP75'],
  ])
    for (const sample of await ask(
      `histogram_quantile(0.75, sum by (remote, version, le) (increase(telemetry_web_vital_seconds_bucket{name="${name}"}${range})))`,
    )) {
      // The histogram is in seconds (Prometheus's unit); the table shows ms like the summary.
      const value = Number(sample.value[1]) * 1000;
      if (Number.isFinite(value)) release(sample.metric)[field] = Math.round(value);
    }
  return [...releases.values()]
    .map((r) => ({ ...r, errorRate: r.pageViews === 0 ? 0 : r.errors / r.pageViews }))
    .sort((a, b) => a.remote.localeCompare(b.remote) || a.version.localeCompare(b.version));
}

export function formatTable(releases, minutes, source) {
  const rows = [['remote', 'version', 'views', 'errors', 'error rate', 'LCP p75', 'INP p75', 'vitals']];
  for (const r of releases)
    rows.push([
      r.remote,
      r.version,
      String(r.pageViews),
      String(r.errors),
      `${(r.errorRate * 100).toFixed(2)} %`,
      r.lcpP75 === null ? '—' : `${r.lcpP75} ms`,
      r.inpP75 === null ? '—' : `${r.inpP75} ms`,
      String(r.vitalsSamples),
    ]);
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) =>
    row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '),
  );
  return [`Last ${minutes} min, from ${source}`, ...lines, releases.length === 0 ? '(no reports in this window)' : ''].join('\n');
}

async function main(argv) {
  let minutes = 15;
  const urls = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--minutes') minutes = Number(argv[++i]);
    else urls.push(argv[i]);
  }
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60) throw new Error('--minutes takes a whole number from 1 to 60');
  if (urls.length === 0 && process.env.TELEMETRY_URLS) urls.push(...process.env.TELEMETRY_URLS.split(',').filter(Boolean));
  if (urls.length === 0 && process.env.PROMETHEUS_URL) {
    console.log(formatTable(await fromPrometheus(process.env.PROMETHEUS_URL, minutes), minutes, process.env.PROMETHEUS_URL));
    return;
  }
  if (urls.length === 0) urls.push('http://localhost:8080');
  console.log(formatTable(await fromPageServices(urls, minutes), minutes, urls.join(', ')));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main(process.argv.slice(2)).catch((error) => {
    console.error(`telemetry: ${error.message}`);
    process.exit(1);
  });
