// The sender, loaded when idle: it samples per page load (the runtime config's rates), names each
// report's part and build id and the route's pattern, measures Web Vitals with `web-vitals`, and
// sends batches with sendBeacon when the page is hidden or left (or a batch is full).
import {
  PAGE_NAMES,
  PAGES,
  REMOTE_NAMES,
  remoteOf,
  type PageEntry,
  type RemoteModuleId,
  type RuntimeConfig,
} from '@portal/shared-contracts';
import {
  routePatternOf,
  SHELL_PART,
  TELEMETRY_DEFAULTS,
  TELEMETRY_LIMITS,
  TELEMETRY_PATH,
  type TelemetryEvent,
} from '@portal/shared-contracts/telemetry';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { NoticedError, TelemetryState } from './client-telemetry';

/** The part that draws each route's page: the remote of the module the route mounts (the shell's own pages: none here). */
const ROUTE_PARTS: Record<string, string> = Object.fromEntries(
  PAGE_NAMES.flatMap((name) => {
    const page: PageEntry = PAGES[name];
    return 'remote' in page ? [[page.path, remoteOf(page.remote)]] : [];
  }),
);

/** Error name and message, short, with no URL's query or fragment (codes and tokens travel there). */
export function describeError(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : 'non-error value thrown';
  return text.replace(/[?#][^\s)'"]*/g, '').slice(0, TELEMETRY_LIMITS.maxMessageLength);
}

const rate = (value: unknown, fallback: number) => (typeof value === 'number' && value >= 0 && value <= 1 ? value : fallback);

/** The remote whose files a script URL (or a stack naming it) comes from; else the shell. */
export function partOfSource(text: string | undefined, remotes: Record<string, string>): string {
  if (text) {
    for (const [part, manifestUrl] of Object.entries(remotes)) {
      const base = manifestUrl.replace(/[^/]*$/, '');
      if (text.includes(base)) return part;
    }
  }
  return SHELL_PART;
}

/** Each kind of event without its build id (read when the batch is sent). */
type Unbuilt<T> = T extends unknown ? Omit<T, 'build'> : never;

interface Pending {
  route: string;
  event: Unbuilt<TelemetryEvent>;
}

export function startSender(
  config: RuntimeConfig,
  state: TelemetryState,
  load: (id: RemoteModuleId) => Promise<unknown>,
  random: () => number = Math.random,
): void {
  const settings = config.telemetry ?? {};
  const errorsOn = random() < rate(settings.errorSampleRate, TELEMETRY_DEFAULTS.errorSampleRate);
  const vitalsOn = random() < rate(settings.vitalsSampleRate, TELEMETRY_DEFAULTS.vitalsSampleRate);
  const remotes = config.remotes as Record<string, string>;
  let queue: Pending[] = [];

  const flush = () => {
    if (queue.length === 0) return;
    const byRoute = new Map<string, TelemetryEvent[]>();
    for (const { route, event } of queue) {
      // The build is read now: a view or an error may come before its remote's manifest did.
      const events = byRoute.get(route) ?? [];
      events.push({ ...event, build: state.builds.get(event.part) ?? '' });
      byRoute.set(route, events);
    }
    queue = [];
    for (const [route, events] of byRoute)
      for (let i = 0; i < events.length; i += TELEMETRY_LIMITS.maxEvents)
        navigator.sendBeacon(TELEMETRY_PATH, JSON.stringify({ route, events: events.slice(i, i + TELEMETRY_LIMITS.maxEvents) }));
  };
  const add = (route: string, event: Pending['event']) => {
    queue.push({ route, event });
    if (queue.length >= TELEMETRY_LIMITS.maxEvents) flush();
  };

  const partOfRoute = (route: string) => ROUTE_PARTS[route] ?? SHELL_PART;
  const onError = (noticed: NoticedError) => {
    if (!errorsOn) return;
    const stack = noticed.error instanceof Error ? noticed.error.stack : undefined;
    const part = noticed.part ?? partOfSource(noticed.source ?? stack, remotes);
    add(routePatternOf(noticed.route), { type: 'error', part, kind: noticed.kind, message: describeError(noticed.error) });
  };
  state.errors.splice(0).forEach(onError);
  state.onError = onError;

  // A view per page shown: the first, then each route change (checked each second: cheap, and it
  // needs no hook in the router).
  let shown = '';
  const view = () => {
    if (location.pathname === shown) return;
    shown = location.pathname;
    const route = routePatternOf(shown);
    if (errorsOn) add(route, { type: 'view', part: partOfRoute(route) });
  };
  view();
  setInterval(view, 1000);

  if (vitalsOn) {
    const vital = (metric: Metric) => {
      const route = routePatternOf(location.pathname);
      add(route, { type: 'vital', part: partOfRoute(route), name: metric.name, value: Math.round(metric.value * 1000) / 1000 });
    };
    onLCP(vital);
    onINP(vital);
    onCLS(vital);
    onFCP(vital);
    onTTFB(vital);
  }
  // After web-vitals' own listeners, so the vitals it reports on hiding are in this flush.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);

  // Test environments only (the config's testSwitch, never set in production): a real load
  // failure of the named remote, reported like any other.
  const asked = new URLSearchParams(location.search).get('__telemetry_test');
  if (settings.testSwitch === true && asked && (REMOTE_NAMES as readonly string[]).includes(asked))
    void load(`${asked}/__telemetry_test` as RemoteModuleId).catch(() => undefined);
}
