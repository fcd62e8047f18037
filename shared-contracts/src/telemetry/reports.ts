/**
 * Client telemetry as the shell sends it and the page service's collector reads it: one batch
 * per beacon. Every event names its part (a remote's container, or `shell`) and that part's build
 * id, and the route's pattern (never the URL: queries carry search terms and codes). Nothing in a
 * batch identifies a player.
 */
import { matchPage } from '../routing/match-page';
import { PAGE_NAMES, PAGES } from '../routing/pages';

/** The collector's path on the site's own origin (no CORS). */
export const TELEMETRY_PATH = '/__telemetry';

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const ERROR_KINDS = ['uncaught', 'rejection', 'load', 'render', 'csp'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** The part an event belongs to: a remote's container name, or the shell itself. */
export const SHELL_PART = 'shell';

interface EventBase {
  /** Container name (`mf_catalog`…) or `shell`. */
  part: string;
  /** The part's build id (mf-manifest.json metaData.buildInfo.buildVersion); '' when unknown. */
  build: string;
}

/** A page shown (counted at the error sampling rate, so errors per view stay unbiased). */
export interface ViewEvent extends EventBase {
  type: 'view';
}

export interface ErrorEvent extends EventBase {
  type: 'error';
  kind: ErrorKind;
  /** Error name and message, cut short, without URLs' queries (logged, sampled; never a label). */
  message: string;
}

export interface VitalEvent extends EventBase {
  type: 'vital';
  name: VitalName;
  /** Milliseconds; CLS is unitless. */
  value: number;
}

export type TelemetryEvent = ViewEvent | ErrorEvent | VitalEvent;

export interface TelemetryBatch {
  /** The route's pattern (`/game/:gameId`), from the page list (PAGES). */
  route: string;
  events: TelemetryEvent[];
}

/** Limits the collector enforces and the sender keeps to. */
export const TELEMETRY_LIMITS = {
  maxBodyBytes: 16 * 1024,
  maxEvents: 40,
  maxMessageLength: 200,
} as const;

/** Every page's route pattern (routing/pages.ts): what a report may name, besides what matches none. */
export const TELEMETRY_ROUTES: readonly string[] = PAGE_NAMES.map((name) => PAGES[name].path);
export const OTHER_LABEL = 'other';

/** The route pattern of a path (no query), or `other`. */
export function routePatternOf(pathname: string): string {
  return matchPage(pathname)?.page.path ?? OTHER_LABEL;
}

/** Sampling rates (0..1) and the test switch; `telemetry` in /config.json, every field optional. */
export interface TelemetryConfig {
  /** Share of page loads whose views and errors are sent (default 1). */
  errorSampleRate?: number;
  /** Share of page loads whose Web Vitals are sent (default 0.1). */
  vitalsSampleRate?: number;
  /**
   * Test environments only: `?__telemetry_test=<container>` then makes the shell ask that remote
   * for a module it does not expose, a real remote load failure. Never set in production.
   */
  testSwitch?: boolean;
}

export const TELEMETRY_DEFAULTS = { errorSampleRate: 1, vitalsSampleRate: 0.1 } as const;
