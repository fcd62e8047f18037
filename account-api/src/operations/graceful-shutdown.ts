import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How often a drain closes connections that went idle (a keep-alive answered before the drain began). */
const IDLE_REAP_MS = 200;

export interface ShutdownOptions {
  /** Longest wait for requests in flight and pools to close before exiting anyway. */
  deadlineMs: number;
  log: FastifyBaseLogger;
  /** process.exit in the server; tests pass a recorder. */
  exit: (code: number) => void;
  /** Where the signals come from (the process by default). */
  signals?: NodeJS.EventEmitter;
}

/**
 * SIGTERM/SIGINT drain: `app.close()` stops listening at once (new connections are refused, so a
 * proxy moves on to another instance), lets every request in flight finish, then runs the onClose
 * hooks in reverse order of registration: the mail worker hands back its claim, then Redis and the
 * database pool close. If that has not finished by the deadline (a client trickling a body, a pool
 * that does not answer), the process exits anyway with exit code 1 and says why; a second signal
 * exits at once. A supervisor's own kill timeout (systemd TimeoutStopSec, Kubernetes
 * terminationGracePeriodSeconds) must be longer than the deadline. Call it before `listen`.
 */
export function drainOnSignals(app: FastifyInstance, options: ShutdownOptions): void {
  const { deadlineMs, log, exit } = options;
  const signals = options.signals ?? process;
  let stopping = false;
  // A request already in flight when the drain starts would leave its connection open for the
  // next one (keep-alive), and the close would wait for the idle timeout: its answer says
  // `Connection: close` instead, and idle connections are closed as they appear.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  const stop = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal during shutdown: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    const started = Date.now();
    log.info({ signal, deadlineMs }, 'shutting down: refusing new connections, finishing requests in flight');
    const reaper = setInterval(() => {
      app.server.closeIdleConnections();
    }, IDLE_REAP_MS);
    const timer = setTimeout(() => {
      app.server.getConnections((_error, openConnections) => {
        log.error(
          { deadlineMs, openConnections },
          'shutdown deadline passed: exiting with requests or connections still open (SHUTDOWN_DEADLINE_MS)',
        );
        exit(1);
      });
    }, deadlineMs);
    app.close().then(
      () => {
        clearTimeout(timer);
        clearInterval(reaper);
        log.info({ ms: Date.now() - started }, 'shut down cleanly');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        clearInterval(reaper);
        log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  signals.on('SIGINT', () => {
    stop('SIGINT');
  });
  signals.on('SIGTERM', () => {
    stop('SIGTERM');
  });
}
