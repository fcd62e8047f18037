import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PurgeTask } from '../maintenance/purge-job';
import { callSourceOf, purgeSpentBounds, type CallSource } from './daily-bounds';
import { GameStatsCache, readGameStats } from './game-stats';
import { DatabasePlayCounter, RedisPlayCounter, type PlayCounter } from './play-counter';
import { ReportStore } from './reports';
import { VoteStore } from './votes';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long votes and reports are kept (decision 0054): a vote counts for a year after it was
 * last cast or changed (likes are what the last year's players think); reports are read within
 * days, so three months is plenty.
 */
export const PLAY_DATA_RETENTION = { votesMs: 365 * DAY_MS, reportsMs: 90 * DAY_MS } as const;

/** The purge job's play-data tasks: old votes, old reports, and the bound counters of past days. */
export function playDataPurgeTasks(playData: PlayData, db: Kysely<Database>, now: () => Date): PurgeTask[] {
  return [
    { name: 'old_votes', run: () => playData.votes.purgeOlderThan(now(), PLAY_DATA_RETENTION.votesMs) },
    { name: 'old_reports', run: () => playData.reports.purgeOlderThan(now(), PLAY_DATA_RETENTION.reportsMs) },
    { name: 'spent_play_data_bounds', run: () => purgeSpentBounds(db, now()) },
  ];
}

/** The play-data services on AppContext. */
export interface PlayData {
  counter: PlayCounter;
  stats: GameStatsCache;
  votes: VoteStore;
  reports: ReportStore;
  /**
   * A keyed hash of the browser's random device id: the only form in which it is stored, so the
   * tables cannot be joined with anything the browser shows. No address, no user agent.
   */
  deviceKey(deviceId: string): string;
  /** The call's address and site as keyed hashes, for the daily bounds (decision 0054). */
  callSource(ip: string): CallSource;
}

export function createPlayData(options: {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | null;
  secret: Buffer;
  now: () => Date;
}): PlayData {
  const { config, database, redis, secret, now } = options;
  const keyedHash = (text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32);
  const counter: PlayCounter = redis
    ? new RedisPlayCounter(redis, database.db, config.redisKeyPrefix, config.playData.rollupIntervalMs)
    : new DatabasePlayCounter(database.db);
  return {
    counter,
    stats: new GameStatsCache((at) => readGameStats(database.db, counter, at), config.playData.statsCacheMs, now),
    votes: new VoteStore(database.db),
    reports: new ReportStore(database.db),
    deviceKey: (deviceId) => keyedHash(deviceId),
    callSource: (ip) => callSourceOf(ip, keyedHash),
  };
}
