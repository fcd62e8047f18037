import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How often a drain looks for connections to close. */
const IDLE_REAP_MS = 200;
/**
 * How long a connection with nothing in flight is left open during a drain: a kept-alive one may
 * still carry the proxy's next request (answered with `Connection: close`), and one accepted just
 * before the listener closed may not have sent its request yet. Closing either at once resets a
 * request that is already on its way.
 */
const IDLE_GRACE_MS = 1000;

interface ConnectionState {
  /** A request is being answered on it. */
  busy: boolean;
  /** Since when it has had nothing in flight (accepted, or its last answer finished). */
  idleSince: number;
}

/**
 * Node's `server.close()` also closes every connection without a request in progress, at once,
 * and that includes one accepted a moment earlier whose request has not arrived yet: in 2 of 6
 * runs of scripts/ops/rolling-restart.test.mjs one or two proxied requests were reset (0 of 4
 * runs since). This replaces that step with one that waits IDLE_GRACE_MS before closing a quiet
 * connection.
 */
function trackConnections(app: FastifyInstance): { open: () => number; closeQuiet: () => void } {
  const connections = new Map<Socket, ConnectionState>();
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: false, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }, response: NodeJS.EventEmitter) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.busy = true;
    const done = () => {
      state.busy = false;
      state.idleSince = Date.now();
    };
    response.once('finish', done);
    response.once('close', done);
  });
  const closeQuiet = () => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (!state.busy && now - state.idleSince >= IDLE_GRACE_MS) socket.destroy();
    }
  };
  // Node calls this from server.close(); the drain's timer calls it again until all are gone.
  app.server.closeIdleConnections = closeQuiet;
  return { open: () => connections.size, closeQuiet };
}

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
  const connections = trackConnections(app);
  let stopping = false;
  // A request already in flight when the drain starts would leave its connection open for the
  // next one (keep-alive), and the close would wait for the idle timeout: its answer says
  // `Connection: close` instead, and quiet connections are closed after a grace period.
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
    const reaper = setInterval(connections.closeQuiet, IDLE_REAP_MS);
    const timer = setTimeout(() => {
      log.error(
        { deadlineMs, openConnections: connections.open() },
        'shutdown deadline passed: exiting with requests or connections still open (SHUTDOWN_DEADLINE_MS)',
      );
      exit(1);
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
