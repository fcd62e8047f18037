import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameCheckSettings } from '../config';
import type { Database } from '../db/schema';
import type { GameHealthStore, RoundChanges } from './health-store';
import { JobLease } from './job-lease';
import { mapLimited, probeGame, type CheckResult } from './probe';

/** A round in which more than this share of games fails says more about our network than the games. */
export const MASS_FAILURE_SHARE = 0.5;
/** Below this many games a round is too small to judge the network by. */
const MASS_FAILURE_MIN_GAMES = 4;
/** Checks in flight at once: gentle on the hosts, a round of 65 still takes seconds. */
const CONCURRENCY = 4;
/** Players' reports can start a round at most this often. */
const FLAGGED_ROUND_GAP_MS = 5 * 60_000;

export interface CheckedGame {
  id: number;
  link: string;
}

export interface RoundSummary {
  at: string;
  checked: number;
  failed: number;
  /** false: most games failed at once; nothing was hidden and failures were not counted. */
  counted: boolean;
  changes: RoundChanges;
  results: CheckResult[];
}

/** What the metrics read (process-local figures of this instance's rounds). */
export interface CheckerFigures {
  rounds: { counted: number; suspect: number };
  lastFailureShare: number | null;
  lastRoundAt: number | null;
}

/**
 * The game link checker (decision 0058): every instance ticks, the lease holder runs a round
 * when one is due (every `intervalMs`, or at once when players' reports flagged a game).
 */
export class GameChecker {
  readonly figures: CheckerFigures = { rounds: { counted: 0, suspect: 0 }, lastFailureShare: null, lastRoundAt: null };
  private readonly lease: JobLease;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private lastFlaggedRound = Number.NEGATIVE_INFINITY;

  constructor(
    db: Kysely<Database>,
    readonly store: GameHealthStore,
    private readonly games: readonly CheckedGame[],
    private readonly settings: GameCheckSettings,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    /** Told when a round changed which games are unavailable (the stats cache drops its copy). */
    private readonly onChange: () => void = () => undefined,
  ) {
    // Longer than a round can take (each check is bounded by its timeout), renewed every tick.
    const roundMs = Math.ceil(games.length / CONCURRENCY) * settings.timeoutMs;
    this.lease = new JobLease(db, 'game-checks', randomUUID(), Math.max(3 * settings.tickMs, 2 * roundMs), now);
  }

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.tick().finally(() => {
        this.running = null;
      });
    }, this.settings.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.lease.release().catch(() => undefined);
  }

  /** One tick: lead or not; when leading and a round is due, run it. Errors wait for the next tick. */
  async tick(): Promise<RoundSummary | null> {
    try {
      if (!(await this.lease.acquire())) return null;
      const at = this.now().getTime();
      const last = (await this.lease.lastRun())?.getTime() ?? Number.NEGATIVE_INFINITY;
      const due = at - last >= this.settings.intervalMs;
      const flagged = !due && at - this.lastFlaggedRound >= FLAGGED_ROUND_GAP_MS && (await this.store.anyFlagged());
      if (!due && !flagged) return null;
      if (flagged) this.lastFlaggedRound = at;
      return await this.runRound();
    } catch (error) {
      this.log.warn({ err: error }, 'game check round failed; tried again next tick');
      return null;
    }
  }

  /** Checks every game once and records the round (tests and the dev hook call it directly). */
  async runRound(): Promise<RoundSummary> {
    const { settings } = this;
    const results = await mapLimited(this.games, CONCURRENCY, (game) =>
      probeGame(game.id, game.link, {
        timeoutMs: settings.timeoutMs,
        siteOrigins: settings.siteOrigins,
        userAgent: settings.userAgent,
        rewrite: settings.rewrite,
      }),
    );
    const at = this.now();
    const failed = results.filter((result) => result.outcome !== 'ok').length;
    const share = results.length === 0 ? 0 : failed / results.length;
    const counted = !(results.length >= MASS_FAILURE_MIN_GAMES && share > MASS_FAILURE_SHARE);
    const changes = await this.store.recordRound(results, at, counted, settings.failuresToHide);
    await this.lease.markRun(at);
    this.figures.rounds[counted ? 'counted' : 'suspect'] += 1;
    this.figures.lastFailureShare = share;
    this.figures.lastRoundAt = at.getTime();
    if (!counted) {
      this.log.warn(
        { checked: results.length, failed, share: Math.round(share * 100) / 100 },
        "game check round: most games failed at once, which points at the checker's own network; nothing hidden, failures not counted",
      );
    } else {
      this.log.info({ checked: results.length, failed }, 'game check round done');
    }
    for (const gameId of changes.hidden) {
      const result = results.find((entry) => entry.gameId === gameId);
      this.log.warn({ gameId, outcome: result?.outcome, detail: result?.detail }, 'game marked unavailable');
    }
    for (const gameId of changes.restored) this.log.info({ gameId }, 'game available again');
    if (changes.hidden.length > 0 || changes.restored.length > 0) this.onChange();
    return { at: at.toISOString(), checked: results.length, failed, counted, changes, results };
  }
}
