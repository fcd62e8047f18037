import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connect';
import { GameStatsCache, readGameStats } from './game-stats';
import { DatabasePlayCounter, RedisPlayCounter, type PlayCounter } from './play-counter';
import { ReportStore } from './reports';
import { VoteStore } from './votes';

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
}

export function createPlayData(options: {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | null;
  secret: Buffer;
  now: () => Date;
}): PlayData {
  const { config, database, redis, secret, now } = options;
  const counter: PlayCounter = redis
    ? new RedisPlayCounter(redis, database.db, config.redisKeyPrefix, config.playData.rollupIntervalMs)
    : new DatabasePlayCounter(database.db);
  return {
    counter,
    stats: new GameStatsCache((at) => readGameStats(database.db, counter, at), config.playData.statsCacheMs, now),
    votes: new VoteStore(database.db),
    reports: new ReportStore(database.db),
    deviceKey: (deviceId) => createHmac('sha256', secret).update(deviceId).digest('base64url').slice(0, 32),
  };
}
