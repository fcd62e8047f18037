// What the shell notices for telemetry from its first script on: uncaught errors, unhandled
// rejections, CSP violations, and the remote load and render failures its federation code reports.
// They wait here, in a plain list, until the sender (telemetry-sender.ts, with web-vitals) is
// loaded: when the browser is idle well after start-up, or at once when an error is noticed, so a
// player who leaves a broken page after a second still reports it and the page view (the sender's
// pagehide listener sends them). This file is all that telemetry adds to start-up (decision 0035).
import type { RemoteModuleId, RuntimeConfig } from '@portal/shared-contracts';
import { whenIdle } from '@portal/ui';

export type ErrorKind = 'uncaught' | 'rejection' | 'load' | 'render' | 'csp';

/** A noticed error, before the sender decides its part's build id and sends it. */
export interface NoticedError {
  /** The remote's container, or undefined when the sender should tell it from the script's URL. */
  part: string | undefined;
  kind: ErrorKind;
  error: unknown;
  /** The script it came from, when the browser says. */
  source: string | undefined;
  route: string;
}

export interface TelemetryState {
  errors: NoticedError[];
  /** Build id of each remote the federation runtime loaded. */
  builds: Map<string, string>;
  /** Set by the sender once loaded: errors go straight to it. */
  onError: ((error: NoticedError) => void) | null;
}

export const telemetry: TelemetryState = { errors: [], builds: new Map(), onError: null };

/** Loads the sender now (set once the runtime config is read); null before and once asked. */
let loadSender: (() => void) | null = null;

function notice(error: NoticedError): void {
  if (telemetry.onError) telemetry.onError(error);
  else if (telemetry.errors.length < 40) telemetry.errors.push(error);
  loadSender?.();
}

/** A remote failed to load or to render (federation/remotes.ts, RemoteBoundary). */
export function reportRemoteError(part: string, kind: 'load' | 'render', error: unknown): void {
  notice({ part, kind, error, source: undefined, route: location.pathname });
}

/** The federation runtime read a remote's manifest naming this build. */
export function noteRemoteBuild(part: string, build: string): void {
  telemetry.builds.set(part, build);
}

if (typeof window !== 'undefined') {
  addEventListener('error', (event) =>
    notice({
      part: undefined,
      kind: 'uncaught',
      error: event.error ?? event.message,
      source: event.filename,
      route: location.pathname,
    }),
  );
  addEventListener('unhandledrejection', (event) =>
    notice({ part: undefined, kind: 'rejection', error: event.reason, source: undefined, route: location.pathname }),
  );
  addEventListener('securitypolicyviolation', (event) =>
    notice({
      part: undefined,
      kind: 'csp',
      // The blocked origin only: a blocked URL's path or query may carry anything.
      error: `${event.effectiveDirective} blocked ${/^[a-z-]+:\/\/[^/?#]+/i.exec(event.blockedURI)?.[0] ?? event.blockedURI.slice(0, 16)}`,
      source: event.sourceFile,
      route: location.pathname,
    }),
  );
}

/** After start-up (its bytes are not start-up's), in an idle moment, the sender is loaded. */
const SENDER_DELAY_MS = 10_000;

/**
 * Loads the sender well after start-up, when the browser has nothing better to do; web-vitals
 * reads the page's buffered entries then, so nothing measured is lost by waiting. An error (one
 * noticed already, or later) loads it at once: a player who meets one often leaves at once.
 */
export function startTelemetry(config: RuntimeConfig, load: (id: RemoteModuleId) => Promise<unknown>): void {
  const timer = setTimeout(() => whenIdle(() => loadSender?.(), 5000), SENDER_DELAY_MS);
  loadSender = () => {
    loadSender = null;
    clearTimeout(timer);
    void import(/* webpackChunkName: "telemetry" */ './telemetry-sender').then(
      ({ startSender }) => startSender(config, telemetry, load),
      () => undefined,
    );
  };
  if (telemetry.errors.length > 0) loadSender();
}
