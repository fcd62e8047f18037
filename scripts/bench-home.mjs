// `npm run bench` (first part): what a first visit costs, federated vs one ordinary bundle.
// Serves the last production build (run `npm run build` first) next to a reference single-bundle
// app it builds itself (scripts/bench/reference/: the shell importing the remotes' exposed
// modules directly, no federation, output in bench-out/, never deployed), loads each page cold
// in Chromium and prints, side by side with the federated/single ratio: compressed JS bytes,
// script requests, the critical request chain to the first card or frame, the median time to
// it, Lighthouse mobile scores, and when things paint at 400 kbps / 400 ms RTT. Then the rest of
// a visit: in-site navigation step by step (scripts/bench/measure-navigation.mjs), on loopback and
// at 4× CPU slowdown with 150 ms RTT, with each step's INP.
// `BENCH_ONLY=navigation` (or `--only=navigation`, `npm run bench:navigation`) runs only the
// navigation rows; `BENCH_ONLY=first-visit` only the first visit. `BENCH_NAV_SAVE_DATA=1` walks
// with Data Saver announced, which turns the shell's navigation prefetch off: the same build
// without that lever. `BENCH_NAV_CONTROL=1` walks the single bundle against itself in the
// navigation rows (an A/A run): the ratios and intervals this host gives two identical builds.
// Prints figures; asserts nothing (the deterministic budgets are e2e/tests/budget.spec.ts).
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildReference, median, requireBuilt, ROOT, serveBenchSites, turnOrder } from './bench/bench-sites.mjs';
import { openLighthouse } from './bench/lighthouse.mjs';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/chromium.mjs';
import { measureNavigation, NAVIGATION_STEPS } from './bench/measure-navigation.mjs';
import { ratioInterval, verdict } from './bench/ratio-interval.mjs';
import { measurePageLoad } from './bench/measure-page.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Emulated on every request of the timed runs, so round trips cost what they cost on a phone. */
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 40);
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? process.env.BENCH_ONLY;
if (ONLY !== undefined && !['navigation', 'first-visit'].includes(ONLY)) {
  console.error(`BENCH_ONLY must be navigation or first-visit, not ${ONLY}`);
  process.exit(1);
}
const FIRST_VISIT = ONLY !== 'navigation';
const NAVIGATION = ONLY !== 'first-visit';
/** Walks through the site per build and line; each walk starts from a fresh Home. */
const NAV_RUNS = Number(process.env.BENCH_NAV_RUNS ?? 7);
/** `BENCH_NAV_SAVE_DATA=1`: the browser asks to save data, so the shell's navigation prefetch stays off (decision 0041). */
const NAV_SAVE_DATA = process.env.BENCH_NAV_SAVE_DATA === '1';
/**
 * `BENCH_NAV_CONTROL=1`: the navigation rows compare the single bundle with itself, walked in the
 * same turns. Any distance from 1.00× is this host's noise, so a "cannot tell" here says what a
 * run of this many walks can resolve at all.
 */
const NAV_CONTROL = process.env.BENCH_NAV_CONTROL === '1';
/** The navigation rows' two builds, compared first to second. */
const [NAV_FIRST, NAV_SECOND] = NAV_CONTROL ? ['single', 'single again'] : ['federated', 'single'];
const LIGHTHOUSE = FIRST_VISIT && process.env.BENCH_LIGHTHOUSE !== '0';
requireBuilt([
  'shell/dist/index.html',
  'mf-catalog/dist/index.html',
  'mf-player/dist/index.html',
  'mf-account/dist/index.html',
  'page-service/dist/index.js',
]);
await buildReference();

const games = JSON.parse(readFileSync(path.join(ROOT, 'shared-contracts/src/catalogue/games.json'), 'utf8'));
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const firstCategory = [...new Set(games.map((g) => g.category))].sort((a, b) => byName.compare(a, b))[0];
const PAGES = ['/', '/all-games', `/categories/${encodeURIComponent(firstCategory)}`, `/game/${games[0].id}`];

const {
  builds: BUILDS,
  isOwn,
  stop,
} = await serveBenchSites({
  base: Number(process.env.BENCH_PORT_BASE ?? 5000),
  label: 'bench',
});
/** The navigation rows' two sites, by the names the table prints. */
const NAV_BUILDS = { [NAV_FIRST]: NAV_CONTROL ? BUILDS.single : BUILDS.federated, [NAV_SECOND]: BUILDS.single };

/** results[page][build] = { jsBytes, scriptRequests, chain, contentMs, lighthouse, slow } */
const results = {};
/** navigation[line][build][step] = { ms, contentMs, inp } medians */
const navigation = {};
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
try {
  for (const page of FIRST_VISIT ? PAGES : []) {
    results[page] = {};
    for (const [buildName, origin] of Object.entries(BUILDS)) {
      process.stdout.write(`  ${buildName.padEnd(9)} ${page} `);
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await measurePageLoad(browser, origin + page, { isOwn, latencyMs: RTT_MS }));
        process.stdout.write('.');
      }
      // The chain is read at a long latency, where parallel and sequential requests cannot blur.
      const chainRun = await measurePageLoad(browser, origin + page, { isOwn, latencyMs: 150 });
      const slow = await measurePageLoad(browser, origin + page, {
        isOwn,
        latencyMs: 400,
        throughputKbps: 400,
        viewport: { width: 375, height: 812 },
        timeoutMs: 120_000,
      });
      process.stdout.write(' ');
      results[page][buildName] = {
        jsBytes: median(runs.map((r) => r.jsBytes)),
        scriptRequests: median(runs.map((r) => r.scriptRequests)),
        chain: chainRun.chain,
        contentMs: median(runs.map((r) => r.contentMs)),
        slow,
      };
      process.stdout.write('\n');
    }
  }
  for (const line of NAVIGATION ? ['loopback', 'throttled'] : []) {
    navigation[line] = {};
    const walks = { [NAV_FIRST]: [], [NAV_SECOND]: [] };
    process.stdout.write(`  navigation ${line} `);
    for (let i = 0; i < NAV_RUNS; i += 1) {
      for (const [buildName, origin] of turnOrder(NAV_BUILDS, i)) {
        walks[buildName].push(
          await measureNavigation(browser, origin, { isOwn, throttled: line === 'throttled', saveData: NAV_SAVE_DATA }),
        );
        process.stdout.write('.');
      }
    }
    process.stdout.write('\n');
    for (const [buildName, runs] of Object.entries(walks)) {
      navigation[line][buildName] = Object.fromEntries(
        NAVIGATION_STEPS.map(({ id }) => {
          const steps = runs.map((run) => run[id]);
          const stepWalks = steps.map((s) => s?.ms ?? null);
          return [
            id,
            {
              ms: median(stepWalks),
              walks: stepWalks,
              inp: median(steps.map((s) => s?.inp)),
              missed: steps.filter((s) => !s).length,
            },
          ];
        }),
      );
    }
  }
} finally {
  await browser.close();
}
if (LIGHTHOUSE) {
  const lh = await openLighthouse();
  try {
    for (const page of PAGES) {
      for (const [buildName, origin] of Object.entries(BUILDS)) {
        process.stdout.write(`  lighthouse ${buildName} ${page}\n`);
        results[page][buildName].lighthouse = await lh.audit(origin + page);
      }
    }
  } finally {
    await lh.close();
  }
}
await stop();

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => (n === null || n === undefined ? '–' : `${Math.round(n)} ms`);
const ratio = (a, b) => (a === null || b === null || b === 0 ? '–' : `${(a / b).toFixed(2)}×`);
const row = (label, f, s, r = '') => `| ${label} | ${f} | ${s} | ${r} |`;
/** The navigation budget's ratio to the single bundle. */
const RATIO_BUDGET = 1.15;
const sureRatio = (federated, single) => {
  const interval = ratioInterval(federated, single);
  if (!interval) return '–';
  const x = (n) => n.toFixed(2);
  return `${x(interval.ratio)}× (${x(interval.low)}–${x(interval.high)}, ${verdict(interval, RATIO_BUDGET)})`;
};

if (FIRST_VISIT) printFirstVisit();
if (NAVIGATION) printNavigation();

function printFirstVisit() {
  console.log(
    `\nFirst visit, cold cache. Timed figures: median of ${RUNS} loads at ${RTT_MS} ms emulated RTT (1440×900); ` +
      `chain: sequential round trips from the HTML to the first card or frame (150 ms RTT run); ` +
      `JS: compressed body bytes of every script, all origins.`,
  );
  for (const page of PAGES) {
    const { federated: f, single: s } = results[page];
    console.log(`\n| ${page} | federated | single bundle | federated/single |\n|---|---|---|---|`);
    console.log(row('compressed JS', kb(f.jsBytes), kb(s.jsBytes), ratio(f.jsBytes, s.jsBytes)));
    console.log(row('script requests', f.scriptRequests, s.scriptRequests, ratio(f.scriptRequests, s.scriptRequests)));
    console.log(row('critical chain (round trips)', f.chain, s.chain, ratio(f.chain, s.chain)));
    console.log(row('first card / frame (median)', ms(f.contentMs), ms(s.contentMs), ratio(f.contentMs, s.contentMs)));
    if (f.lighthouse && s.lighthouse) {
      const l = (x) => x.lighthouse;
      // A run Lighthouse could not score prints its reason instead of a figure.
      const score = (x, key, format = (v) => v) => (l(x)[key] === null ? `n/a (${l(x).error ?? 'no score'})` : format(l(x)[key]));
      console.log(row('Lighthouse mobile perf', score(f, 'perf'), score(s, 'perf'), ratio(l(f).perf, l(s).perf)));
      console.log(row('Lighthouse accessibility', score(f, 'accessibility'), score(s, 'accessibility')));
      console.log(row('Lighthouse LCP', score(f, 'lcpMs', ms), score(s, 'lcpMs', ms), ratio(l(f).lcpMs, l(s).lcpMs)));
      console.log(
        row(
          'Lighthouse CLS',
          score(f, 'cls', (v) => v.toFixed(3)),
          score(s, 'cls', (v) => v.toFixed(3)),
        ),
      );
    }
    const paint = (x, name) => {
      const at = x.slow.landmarks[name];
      return at === undefined ? 'never' : ms(Math.max(at, x.slow.fcpMs ?? 0));
    };
    for (const [name, label] of [
      ['header', 'header'],
      ['footer', 'footer'],
      ['placeholder', 'placeholder cards (or the first card)'],
      ['content', 'first card / frame'],
    ]) {
      console.log(row(`400 kbps · 400 ms RTT, 375 px: ${label} painted`, paint(f, name), paint(s, name)));
    }
  }
}

function printNavigation() {
  console.log(
    `\nIn-site navigation after Home has loaded and gone idle (1440×900), median of ${NAV_RUNS} walks: ` +
      `click, or the search's Enter key (the input event's timestamp), to the new page's first card or game frame plus one painted frame; ` +
      `INP: the step's slowest interaction (Event Timing API; 0 = none reached 16 ms). ` +
      `Throttled: 4× CPU slowdown and 150 ms RTT (DevTools protocol). Budgets: ≤ 1.15× the single bundle, ` +
      `< 100 ms on loopback, INP ≤ 200 ms throttled. Ratio: of the medians, with a 90 % interval from resampling ` +
      `this run's walks (paired by turn) and whether that is within ${RATIO_BUDGET}×, over it, or cannot tell.` +
      (NAV_SAVE_DATA ? ' Save-Data on (BENCH_NAV_SAVE_DATA=1): the shell prefetched nothing.' : '') +
      (NAV_CONTROL ? ' Control run (BENCH_NAV_CONTROL=1): the single bundle against itself; any ratio off 1.00× is noise.' : ''),
  );
  const [a, b] = [NAV_FIRST, NAV_SECOND];
  console.log(
    `\n| step | loopback ${a} | loopback ${b} | ratio | INP ${a} / ${b} | 4× CPU · 150 ms ${a} | ${b} | ratio | INP ${a} / ${b} |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { id, label } of NAVIGATION_STEPS) {
    const cells = ['loopback', 'throttled'].flatMap((line) => {
      const f = navigation[line][NAV_FIRST][id];
      const s = navigation[line][NAV_SECOND][id];
      const missed = (x) => (x.missed ? ` (${x.missed} missed)` : '');
      return [ms(f.ms) + missed(f), ms(s.ms) + missed(s), sureRatio(f.walks, s.walks), `${ms(f.inp)} / ${ms(s.inp)}`];
    });
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
}
