import type { FastifyBaseLogger } from 'fastify';

/** Leadership across instances (game-health/job-lease.ts): one purge per cluster, not per instance. */
export interface PurgeLeader {
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** One kind of stale data: deletes what is due and answers how many items went. */
export interface PurgeTask {
  name: string;
  run(): Promise<number>;
}

/**
 * Deletes what nobody may use any more (expired codes and sessions, abandoned sign-ups, orphan
 * pictures) every `intervalMs`, on the one instance that holds the leader's lease: each task is an
 * idempotent delete, but N instances would each scan and delete on every tick. A failing task is
 * logged and retried next time; it never stops the others.
 */
export class PurgeJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly tasks: readonly PurgeTask[],
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly leader?: PurgeLeader,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.tick().finally(() => {
        this.running = null;
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    // Let go, so another instance leads from its next tick instead of after the lease runs out.
    await this.leader?.release().catch(() => undefined);
  }

  /** One scheduled turn: runs the tasks when this instance leads; null when another one does. */
  async tick(): Promise<Record<string, number> | null> {
    try {
      if (this.leader && !(await this.leader.acquire())) return null;
    } catch (error) {
      this.log.warn({ err: error }, 'purge lease could not be taken; retried next time');
      return null;
    }
    return this.runOnce();
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
