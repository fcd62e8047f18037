// Where the time of a navigation step goes: the bench's own walk (measure-navigation.mjs) on
// loopback, around the steps Home → All Games and All Games → a game, on the composed site and on
// the single-bundle reference. Prints, per step and build, medians over the walks: the bench's
// clock (click to the first new card or frame plus one painted frame), the long animation frames
// in the step with their scripts and forced style and layout; with the trace, the main thread's
// time by kind (script, style, layout, paint, image decoding, parsing, GC, other work in tasks,
// idle) and its own CPU time, the requests started in the step and one walk's tasks in order;
// with the CPU profile, the functions taking the script time, named through the source maps.
// Usage (after `npm run build`; the reference is built as by bench-home.mjs):
//   BENCH_PORT_BASE=6100 PROFILE_RUNS=5 node scripts/bench/profile-navigation.mjs
// PROFILE_WITH: `trace` (default), `cpu`, `trace,cpu` or `none` (the clock and long frames only,
// nearest the bench's own timing); PROFILE_STEPS (default `all-games,game`); PROFILE_SINGLE=0:
// the composed site alone; PROFILE_SAMPLING_US (250); PROFILE_JSON=file: each walk's figures;
// PROFILE_TRACE_DIR=dir: each walk's trace and CPU profile, which DevTools opens; PROFILE_THROTTLED=1:
// with the bench's throttled rows' 4× CPU slowdown and 150 ms RTT instead of loopback. Figures only.
import { chromium } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sourceMap from 'source-map';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../e2e/chromium.mjs';
import { buildReference, median, ROOT, serveBenchSites, turnOrder } from './bench-sites.mjs';
import { NAVIGATION_STEPS, openWalk, settle, throttle } from './measure-navigation.mjs';
import { FIRST_CONTENT_SELECTOR } from './measure-page.mjs';
/* global window -- the functions handed to page.evaluate run in the page */

const RUNS = Number(process.env.PROFILE_RUNS ?? 5);
const TRACE_DIR = process.env.PROFILE_TRACE_DIR;
const PROFILED = new Set((process.env.PROFILE_STEPS ?? 'all-games,game').split(','));

/** What the step is profiled with: `trace` (main-thread time by kind, requests, tasks), `cpu` (functions). */
const WITH = new Set((process.env.PROFILE_WITH ?? 'trace').split(','));
/** The CPU profile's sampling interval; finer costs the page more. */
const SAMPLING_US = Number(process.env.PROFILE_SAMPLING_US ?? 250);
const THROTTLED = process.env.PROFILE_THROTTLED === '1';
/** Waits, as the bench's own: a throttled page takes longer for everything. */
const TIMEOUT = THROTTLED ? 60_000 : 20_000;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

/** Trace event names, by what the main thread was doing; the rest of a task is "other". */
const GROUPS = {
  script: [
    'FunctionCall',
    'EvaluateScript',
    'v8.compile',
    'v8.compileModule',
    'V8.Execute',
    'v8.run',
    'TimerFire',
    'FireAnimationFrame',
    'RunMicrotasks',
    'EventDispatch',
    'FireIdleCallback',
    'v8.evaluateModule',
    'v8.produceCache',
    'v8.deserializeOnBackground',
    'V8.DeoptimizeCode',
    'v8.callFunction',
  ],
  gc: ['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCIncrementalMarking', 'V8.GCFinalizeMC', 'BlinkGC.AtomicPhase', 'GCEvent'],
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'ScheduleStyleRecalculation'],
  layout: [
    'Layout',
    'LayoutInvalidationTracking',
    'IntersectionObserverController::computeIntersections',
    'ComputeIntersections',
  ],
  paint: ['Paint', 'PrePaint', 'Layerize', 'Commit', 'UpdateLayer', 'CompositeLayers', 'PaintImage', 'RasterTask'],
  decode: ['Decode Image', 'ImageDecodeTask', 'Decode LazyPixelRef', 'Draw LazyPixelRef'],
  parse: ['ParseHTML'],
};
const GROUP_OF = new Map(Object.entries(GROUPS).flatMap(([group, names]) => names.map((name) => [name, group])));

/** The page's main thread: the renderer thread that recorded this walk's sync mark. */
function mainThreadOf(events, markName) {
  const mark = events.find((e) => e.name === markName && e.cat.includes('blink.user_timing'));
  if (!mark) throw new Error(`no ${markName} in the trace`);
  return { pid: mark.pid, tid: mark.tid, markTs: mark.ts };
}

/** Complete events of one thread, B/E pairs joined, sorted by start, longest first on a tie. */
function sliceEvents(events, pid, tid) {
  const open = [];
  const slices = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    if (e.ph === 'X') slices.push({ name: e.name, ts: e.ts, end: e.ts + (e.dur ?? 0), cpu: e.tdur ?? e.dur ?? 0, args: e.args });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b)
        slices.push({
          name: b.name,
          ts: b.ts,
          end: e.ts,
          cpu: e.tts !== undefined && b.tts !== undefined ? e.tts - b.tts : e.ts - b.ts,
          args: b.args,
        });
    }
  }
  return slices.sort((a, b) => a.ts - b.ts || b.end - a.end);
}

/** Self time per group inside [from, to]: a slice not named in GROUPS counts for its nearest named ancestor. */
function groupTimes(slices, from, to) {
  const totals = { script: 0, gc: 0, style: 0, layout: 0, paint: 0, decode: 0, parse: 0, other: 0 };
  const clip = (s) => Math.max(0, Math.min(s.end, to) - Math.max(s.ts, from));
  const inWindow = slices.filter((s) => s.end > from && s.ts < to);
  const stack = [];
  const nodes = [];
  for (const slice of inWindow) {
    while (stack.length && stack.at(-1).slice.end <= slice.ts) stack.pop();
    const parent = stack.at(-1) ?? null;
    const node = { slice, parent, group: GROUP_OF.get(slice.name) ?? parent?.group ?? null, children: 0 };
    if (parent) parent.children += clip(slice);
    nodes.push(node);
    stack.push(node);
  }
  let busy = 0;
  let cpu = 0;
  for (const node of nodes) {
    const self = clip(node.slice) - node.children;
    if (!node.parent) {
      busy += clip(node.slice);
      // The thread's own CPU time (the part of it inside the step): what the page did, however
      // busy the rest of the machine was.
      const length = node.slice.end - node.slice.ts;
      cpu += length ? (node.slice.cpu * clip(node.slice)) / length : 0;
    }
    totals[node.group ?? 'other'] += self;
  }
  return { totals, busy, cpu, topLevel: nodes.filter((n) => !n.parent).map((n) => n.slice) };
}

const sourceMaps = new Map();
const MAP_DIRS = ['shell/dist', 'mf-catalog/dist', 'mf-player/dist', 'mf-account/dist', 'bench-out/reference'];
/** A minified frame's original function and file, through the script's source map when it has one. */
function originalFrame(frame) {
  const { url, lineNumber, columnNumber, functionName } = frame;
  if (!url.startsWith('http')) return `${functionName || '(anonymous)'} ${url}`;
  if (!sourceMaps.has(url)) {
    // The servers do not hand out source maps; the builds' own folders have them.
    const file = path.basename(new URL(url).pathname) + '.map';
    const found = MAP_DIRS.map((dir) => path.join(ROOT, dir, file)).find((candidate) => existsSync(candidate));
    sourceMaps.set(url, found ? new sourceMap.SourceMapConsumer(JSON.parse(readFileSync(found, 'utf8'))) : null);
  }
  const consumer = sourceMaps.get(url);
  const name = path.basename(new URL(url).pathname);
  if (!consumer) return `${functionName || '(anonymous)'} ${name}:${lineNumber + 1}`;
  const pos = consumer.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  const source = (pos.source ?? name).replace(/^webpack:\/\/[^/]*\//, '').replace(/^.*node_modules\//, '');
  return `${pos.name ?? functionName ?? '(anonymous)'} ${source}:${pos.line}`;
}

/** Self time per function (original names) of the CPU profile's samples inside [from, to]. */
function functionTimes(profile, from, to) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = i + 1 < profile.samples.length ? t + profile.timeDeltas[i + 1] : profile.endTime;
    const span = Math.max(0, Math.min(next, to) - Math.max(t, from));
    if (!span) continue;
    const node = byId.get(profile.samples[i]);
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') continue;
    self.set(node.callFrame, (self.get(node.callFrame) ?? 0) + span);
  }
  const named = new Map();
  for (const [frame, us] of self) {
    const key = frame.url ? originalFrame(frame) : frame.functionName;
    named.set(key, (named.get(key) ?? 0) + us);
  }
  return named;
}

// Runs in the page before a step: collects the long animation frames (50 ms and more) that follow.
function observeLongFrames() {
  const frames = [];
  const observer = new PerformanceObserver((list) => frames.push(...list.getEntries().map((entry) => entry.toJSON())));
  observer.observe({ type: 'long-animation-frame' });
  window.__longFrames = {
    take() {
      observer.disconnect();
      return frames;
    },
  };
}

/** The long frames inside the step: their time, and what their scripts, style and layout took. */
function longFrameSummary(frames, clock) {
  const inStep = frames.filter((f) => f.startTime < clock.paintedAt && f.startTime + f.duration > clock.startedAt);
  const scripts = inStep.flatMap((f) => f.scripts);
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  return {
    count: inStep.length,
    duration: sum(inStep.map((f) => f.duration)),
    script: sum(scripts.map((s) => s.duration)),
    forcedLayout: sum(scripts.map((s) => s.forcedStyleAndLayoutDuration)),
    // From the frame's rendering start to its end: style, layout, paint of the frame itself.
    render: sum(inStep.map((f) => (f.renderStart ? f.startTime + f.duration - f.renderStart : 0))),
    scripts: scripts.map(
      (s) =>
        `${(s.startTime - clock.startedAt).toFixed(1).padStart(6)} ms +${s.duration.toFixed(1).padStart(5)} ms (layout ${s.forcedStyleAndLayoutDuration.toFixed(1)}) ${s.invokerType} ${s.invoker} ${s.sourceFunctionName ?? ''} ${path.basename(s.sourceURL ?? '')}:${s.sourceCharPosition}`,
    ),
    frames: inStep.map(
      (f) =>
        `${(f.startTime - clock.startedAt).toFixed(1).padStart(6)} ms +${f.duration.toFixed(1).padStart(5)} ms render from +${f.renderStart ? (f.renderStart - f.startTime).toFixed(1) : '-'} style/layout from +${f.styleAndLayoutStart ? (f.styleAndLayoutStart - f.startTime).toFixed(1) : '-'}`,
    ),
  };
}

async function walk(browser, origin, isOwn, runIndex, buildName) {
  const { context, page } = await openWalk(browser, { isOwn, timeout: TIMEOUT });
  const results = {};
  try {
    if (THROTTLED) await throttle(context, page);
    const cdp = await context.newCDPSession(page);
    await page.goto(origin + '/', { waitUntil: 'load' });
    await settle(page, 1000, TIMEOUT);
    for (const step of NAVIGATION_STEPS) {
      const profiled = PROFILED.has(step.id);
      if (!profiled) {
        await page.evaluate((selector) => window.__navClock.arm(selector), FIRST_CONTENT_SELECTOR);
        await step.run(page);
        await page.waitForFunction(() => window.__navClock.read(), undefined, { polling: 50 });
        await settle(page, 1000, TIMEOUT);
        if ([...PROFILED].every((id) => id in results)) break;
        continue;
      }
      const tracing = WITH.has('trace');
      const sampling = WITH.has('cpu');
      // Always a trace, if only of the sync mark: it ties performance.now() to the trace's and
      // the CPU profile's clock.
      const events = [];
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
      await cdp.send('Tracing.start', {
        traceConfig: { includedCategories: tracing ? CATEGORIES : ['blink.user_timing'] },
        transferMode: 'ReportEvents',
      });
      if (sampling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
        await cdp.send('Profiler.start');
      }
      const markName = `profile-sync-${runIndex}-${step.id}`;
      const markAt = await page.evaluate((name) => performance.mark(name).startTime, markName);
      await page.evaluate(observeLongFrames);
      await page.evaluate((selector) => window.__navClock.arm(selector), FIRST_CONTENT_SELECTOR);
      await step.run(page);
      await page.waitForFunction(() => window.__navClock.read(), undefined, { polling: 50 });
      const clock = await page.evaluate(() => window.__navClock.times());
      // Long-animation-frame entries arrive after their frame: one more frame and a task.
      await page.waitForTimeout(100);
      const frames = await page.evaluate(() => window.__longFrames.take());
      const profile = sampling ? (await cdp.send('Profiler.stop')).profile : null;
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      cdp.removeAllListeners('Tracing.dataCollected');
      const main = mainThreadOf(events, markName);
      // performance.now() → trace (and CPU profile) microseconds, through the mark recorded in both.
      const from = main.markTs + (clock.startedAt - markAt) * 1000;
      const to = main.markTs + (clock.paintedAt - markAt) * 1000;
      if (TRACE_DIR) {
        mkdirSync(TRACE_DIR, { recursive: true });
        const name = path.join(TRACE_DIR, `${buildName}-${step.id}-${runIndex}`);
        if (tracing) writeFileSync(`${name}.json`, JSON.stringify({ traceEvents: events }));
        if (profile) writeFileSync(`${name}.cpuprofile`, JSON.stringify(profile));
      }
      const result = {
        ms: clock.paintedAt - clock.startedAt,
        contentMs: clock.contentAt - clock.startedAt,
        frames: longFrameSummary(frames, clock),
      };
      if (tracing) {
        const slices = sliceEvents(events, main.pid, main.tid);
        const { totals, busy, cpu, topLevel } = groupTimes(slices, from, to);
        result.busy = busy / 1000;
        result.cpu = cpu / 1000;
        result.totals = Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v / 1000]));
        result.requests = events
          .filter((e) => e.name === 'ResourceSendRequest' && e.ts >= from && e.ts <= to)
          .map((e) => `${((e.ts - from) / 1000).toFixed(1)} ms ${String(e.args?.data?.url).slice(0, 100)}`);
        result.timeline = topLevel
          .filter((s) => s.end - s.ts >= 1000)
          .map((s) => {
            const inner = slices
              .filter((c) => c.ts >= s.ts && c.end <= s.end && c !== s && GROUP_OF.has(c.name))
              .reduce((acc, c) => acc.set(c.name, (acc.get(c.name) ?? 0) + (c.end - c.ts)), new Map());
            const top = [...inner].sort((x, y) => y[1] - x[1]).slice(0, 3);
            return `${((s.ts - from) / 1000).toFixed(1).padStart(6)} ms +${((s.end - s.ts) / 1000).toFixed(1).padStart(5)} ms  ${top
              .map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`)
              .join(', ')}`;
          });
      }
      if (profile) {
        const functions = functionTimes(profile, from, to);
        result.functions = new Map([...functions].map(([k, v]) => [k, v / 1000]));
      }
      results[step.id] = result;
      await settle(page, 1000, TIMEOUT);
      if ([...PROFILED].every((id) => id in results)) break;
    }
  } finally {
    await context.close();
  }
  return results;
}

/** `PROFILE_SINGLE=0`: the composed site alone (no reference build), e.g. to compare two builds of it. */
const SINGLE = process.env.PROFILE_SINGLE !== '0';
if (SINGLE) await buildReference();
const {
  builds: BUILDS,
  isOwn,
  stop,
} = await serveBenchSites({ base: Number(process.env.BENCH_PORT_BASE ?? 5000), single: SINGLE, label: 'profile' });
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
const walks = Object.fromEntries(Object.keys(BUILDS).map((name) => [name, []]));
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [buildName, origin] of turnOrder(BUILDS, run)) {
      process.stdout.write(`  walk ${run + 1}/${RUNS} ${buildName}\n`);
      walks[buildName].push(await walk(browser, origin, isOwn, run, buildName));
    }
  }
} finally {
  await browser.close();
  await stop();
}

if (process.env.PROFILE_JSON) {
  // Each walk's figures, to set beside another build's (`functions` is left out).
  const plain = Object.fromEntries(
    Object.entries(walks).map(([name, runs]) => [
      name,
      runs.map((run) => Object.fromEntries(Object.entries(run).map(([id, r]) => [id, { ...r, functions: undefined }]))),
    ]),
  );
  writeFileSync(process.env.PROFILE_JSON, JSON.stringify(plain));
}

const f1 = (ms) => `${ms.toFixed(1)}`.padStart(6);
const GROUP_COLUMNS = ['script', 'gc', 'style', 'layout', 'paint', 'decode', 'parse', 'other'];
for (const step of NAVIGATION_STEPS.filter((s) => PROFILED.has(s.id))) {
  console.log(
    `\n${step.label}, ${THROTTLED ? '4× CPU · 150 ms RTT' : 'loopback'}, median of ${RUNS} walks (ms), profiled with ${[...WITH].join(' + ')}:`,
  );
  const columns = [
    ['step', (r) => r.ms],
    ['content', (r) => r.contentMs],
    ['LoAF', (r) => r.frames.duration],
    ['script', (r) => r.frames.script],
    ['forced', (r) => r.frames.forcedLayout],
    ['render', (r) => r.frames.render],
  ];
  console.log(`  long animation frames: their time, their scripts' (of which forced style and layout), their rendering`);
  console.log(`  ${'build'.padEnd(10)} ${columns.map(([name]) => name.padStart(8)).join('')}`);
  for (const [buildName, runs] of Object.entries(walks)) {
    const rows = runs.map((r) => r[step.id]).filter(Boolean);
    console.log(`  ${buildName.padEnd(10)} ${columns.map(([, pick]) => f1(median(rows.map(pick))).padStart(8)).join('')}`);
  }
  if (WITH.has('trace')) {
    console.log(`  trace: the main thread's time from the click to the stop by kind, and idle; cpu: its own CPU time`);
    console.log(`  ${'build'.padEnd(10)} ${['cpu', 'busy', ...GROUP_COLUMNS, 'idle'].map((g) => g.padStart(8)).join('')}`);
    for (const [buildName, runs] of Object.entries(walks)) {
      const rows = runs.map((r) => r[step.id]).filter(Boolean);
      const cell = (pick) => f1(median(rows.map(pick))).padStart(8);
      console.log(
        `  ${buildName.padEnd(10)} ${cell((r) => r.cpu)}${cell((r) => r.busy)}${GROUP_COLUMNS.map((g) => cell((r) => r.totals[g])).join('')}${cell((r) => r.ms - r.busy)}`,
      );
    }
  }
  for (const [buildName, runs] of Object.entries(walks)) {
    const rows = runs.map((r) => r[step.id]).filter(Boolean);
    const middle = rows.map((r, i) => [r.ms, i]).sort((a, b) => a[0] - b[0])[Math.floor(rows.length / 2)][1];
    const sample = rows[middle];
    console.log(`  ${buildName}, the median walk (${sample.ms.toFixed(1)} ms): long frames, from the click`);
    for (const line of sample.frames.frames) console.log(`    ${line}`);
    console.log(`  ${buildName}: their scripts`);
    for (const line of sample.frames.scripts) console.log(`    ${line}`);
    if (WITH.has('cpu')) {
      const names = new Set(rows.flatMap((r) => [...r.functions.keys()]));
      const medians = [...names].map((name) => [name, median(rows.map((r) => r.functions.get(name) ?? 0))]);
      console.log(`  ${buildName}: script self time by function (median over the walks; top 20)`);
      for (const [name, ms] of medians.sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`    ${f1(ms)}  ${name}`);
    }
    if (WITH.has('trace')) {
      console.log(`  ${buildName}: requests started during the step (the median walk)`);
      for (const line of sample.requests) console.log(`    ${line}`);
      console.log(`  ${buildName}: main-thread tasks of 1 ms or more, from the click (the median walk)`);
      for (const line of sample.timeline) console.log(`    ${line}`);
    }
  }
}
