// Load while instances restart: bounded concurrent reads and sign-ins against loopback URLs while
// a callback restarts instances one after another, counting every answer and every socket error.
// The topology test (nginx) and scripts/ops/rolling-restart.test.mjs (a round-robin proxy) both
// drive it; `isClean(report)` is the verdict they assert: no 5xx, no socket error, every sign-in
// answered 200 and the restarts finished inside the bounds.
import { setTimeout as sleep } from 'node:timers/promises';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Throws unless the URL points at this machine: this load is never aimed at another host. */
export function assertLoopback(url) {
  const { hostname } = new URL(url);
  if (!LOOPBACK.has(hostname)) throw new Error(`rolling-restart: ${url} is not a loopback address`);
}

/** The code of a failed fetch (ECONNRESET, ECONNREFUSED, UND_ERR_SOCKET, TimeoutError, …). */
function socketErrorCode(error) {
  const cause = error?.cause;
  return cause?.code ?? cause?.name ?? error?.name ?? 'unknown';
}

const count = (counts, key) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * @param {object} options
 * @param {string[]} options.readUrls GET targets (loopback only), taken in turn
 * @param {Record<string, string>} [options.readHeaders] sent with every read (e.g. a bearer token)
 * @param {(n: number) => Promise<Response>} [options.signIn] one sign-in (or any write); its status is counted
 * @param {() => Promise<void>} options.restart restarts the instances; the load runs until it resolves
 * @param {number} [options.concurrency] requests in flight at once (6)
 * @param {number} [options.signInEvery] every n-th request is a sign-in (10)
 * @param {number} [options.ratePerSecond] ceiling on requests started per second (50)
 * @param {number} [options.maxRequests] hard ceiling on requests (5000)
 * @param {number} [options.maxSeconds] hard ceiling on the run (180)
 * @param {number} [options.requestTimeoutMs] one request's limit, counted as a socket error (15000)
 * @param {number} [options.tailMs] load kept up after the restarts finished (500)
 */
export async function loadDuringRestart(options) {
  const {
    readUrls,
    readHeaders = {},
    signIn = null,
    restart,
    concurrency = 6,
    signInEvery = 10,
    ratePerSecond = 50,
    maxRequests = 5000,
    maxSeconds = 180,
    requestTimeoutMs = 15_000,
    tailMs = 500,
  } = options;
  if (!Array.isArray(readUrls) || readUrls.length === 0) throw new Error('rolling-restart: readUrls is empty');
  readUrls.forEach(assertLoopback);
  if (concurrency < 1 || concurrency > 64) throw new Error('rolling-restart: concurrency must be 1-64');

  const report = {
    requests: 0,
    reads: {},
    signIns: {},
    socketErrors: {},
    /** The first 20 failures (5xx or socket error), for the test's message. */
    failures: [],
    restartFinished: false,
    restartError: null,
    stoppedBy: null,
    ms: 0,
  };
  const started = Date.now();
  const deadline = started + maxSeconds * 1000;
  let stopAt = Infinity;
  let next = 0;
  let nextStart = started;

  const noteFailure = (failure) => {
    if (report.failures.length < 20) report.failures.push(failure);
  };

  const restarting = Promise.resolve()
    .then(restart)
    .then(
      () => {
        report.restartFinished = true;
      },
      (error) => {
        report.restartError = error instanceof Error ? error.message : String(error);
      },
    )
    .finally(() => {
      stopAt = Date.now() + tailMs;
    });

  const stopReason = () => {
    if (next >= maxRequests) return 'max-requests';
    if (Date.now() >= deadline) return 'max-time';
    if (Date.now() >= stopAt) return report.restartFinished ? 'restart-done' : 'restart-failed';
    return null;
  };

  async function worker() {
    for (;;) {
      const reason = stopReason();
      if (reason) {
        report.stoppedBy ??= reason;
        return;
      }
      // Pace: each request takes the next start slot.
      const slot = nextStart;
      nextStart = Math.max(nextStart, Date.now()) + 1000 / ratePerSecond;
      if (slot > Date.now()) await sleep(slot - Date.now());
      const n = next++;
      const isSignIn = signIn !== null && n % signInEvery === signInEvery - 1;
      const url = isSignIn ? null : readUrls[n % readUrls.length];
      report.requests += 1;
      try {
        const response = isSignIn
          ? await signIn(n)
          : await fetch(url, { headers: readHeaders, signal: AbortSignal.timeout(requestTimeoutMs) });
        await response.arrayBuffer(); // read to the end: a cut body is a socket error too
        count(isSignIn ? report.signIns : report.reads, response.status);
        if (response.status >= 500 || (isSignIn && response.status !== 200))
          noteFailure({ n, kind: isSignIn ? 'sign-in' : 'read', url, status: response.status });
      } catch (error) {
        const code = socketErrorCode(error);
        count(report.socketErrors, code);
        noteFailure({ n, kind: isSignIn ? 'sign-in' : 'read', url, error: code });
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, worker));
  // Bounds reached first: the restarts still get to end before the report is returned.
  await restarting;
  report.ms = Date.now() - started;
  return report;
}

/** The verdict: the restarts finished, and no 5xx, no socket error, every sign-in a 200. */
export function isClean(report) {
  const fivexx = Object.keys(report.reads).some((status) => Number(status) >= 500);
  const signInsOk = Object.keys(report.signIns).every((status) => Number(status) === 200);
  return (
    report.restartFinished &&
    report.stoppedBy === 'restart-done' &&
    !fivexx &&
    signInsOk &&
    Object.keys(report.socketErrors).length === 0
  );
}

/** One line for a log or an assertion message. */
export function describeReport(report) {
  return JSON.stringify({
    requests: report.requests,
    reads: report.reads,
    signIns: report.signIns,
    socketErrors: report.socketErrors,
    stoppedBy: report.stoppedBy,
    restartError: report.restartError,
    ms: report.ms,
    failures: report.failures,
  });
}

/** Polls `url` until it answers 2xx, or throws after `timeoutMs`. */
export async function waitForOk(url, timeoutMs = 30_000) {
  assertLoopback(url);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`rolling-restart: ${url} did not answer within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * Stops a child process with SIGTERM and waits for it (it drains), then starts its replacement
 * with `start()` and waits until `healthUrl` answers. Resolves with the new child and the old
 * one's exit code (0 is a clean drain).
 */
export async function replaceProcess(child, start, healthUrl, { exitTimeoutMs = 30_000 } = {}) {
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve(child.exitCode)
      : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  let timer;
  const tooLong = new Promise((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`rolling-restart: pid ${child.pid} did not exit within ${exitTimeoutMs} ms of SIGTERM`)),
      exitTimeoutMs,
    );
  });
  const code = await Promise.race([exited, tooLong]).finally(() => clearTimeout(timer));
  const replacement = start();
  await waitForOk(healthUrl);
  return { child: replacement, exitCode: code };
}
