import type { FastifyBaseLogger } from 'fastify';

/** One kind of stale data: deletes what is due and answers how many items went. */
export interface PurgeTask {
  name: string;
  run(): Promise<number>;
}

/**
 * Deletes what nobody may use any more (expired codes and sessions, abandoned sign-ups, orphan
 * pictures) every `intervalMs`. Every instance may run it: each task is an idempotent delete.
 * A failing task is logged and retried next time; it never stops the others.
 */
export class PurgeJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly tasks: readonly PurgeTask[],
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.runOnce().finally(() => {
        this.running = null;
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs every task once; answers what each deleted (a failed task is absent). */
  async runOnce(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const task of this.tasks) {
      try {
        deleted[task.name] = await task.run();
      } catch (error) {
        this.log.warn({ err: error, task: task.name }, 'purge task failed; retried next time');
      }
    }
    if (Object.values(deleted).some((count) => count > 0)) this.log.info({ purged: deleted }, 'stale data purged');
    return deleted;
  }
}
