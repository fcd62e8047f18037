import pino, { type DestinationStream } from 'pino';

// Request logging at info writes one line per answered request. Written one at a time, each
// line is a write() system call on the request's path (decision 0024); buffered, the lines go
// out in blocks, never older than FLUSH_EVERY_MS, and are flushed at close, at exit and after a crash.

/** Lines are written in blocks of at least this many bytes … */
const MIN_BLOCK_BYTES = 4096;
/** … or when they have waited this long. */
const FLUSH_EVERY_MS = 1000;

export interface BufferedLog {
  stream: DestinationStream;
  /** Writes out everything buffered, now (safe at exit: synchronous). */
  flushSync(): void;
  /** Writes out what is left and closes the destination (its file descriptor too, unless stdout/stderr). */
  close(): Promise<void>;
}

/** A buffered log destination on a file descriptor (stdout by default). */
export function bufferedLog(fd = 1, { minLength = MIN_BLOCK_BYTES, flushEveryMs = FLUSH_EVERY_MS } = {}): BufferedLog {
  // periodicFlush: sonic-boom's own (unref'd) timer, cleared when the destination closes.
  const destination = pino.destination({ dest: fd, sync: false, minLength, periodicFlush: flushEveryMs });
  const flushSync = () => {
    try {
      destination.flushSync();
    } catch {
      // Still opening (nothing written yet) or already closed: nothing to flush.
    }
  };
  process.once('exit', flushSync);
  const close = () =>
    new Promise<void>((resolve) => {
      process.off('exit', flushSync);
      destination.once('close', () => resolve());
      destination.end();
    });
  return { stream: destination, flushSync, close };
}
