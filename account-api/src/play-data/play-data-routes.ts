import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { Type, type Static } from 'typebox';
import { GAMES } from '@portal/shared-contracts';
import {
  PLAY_DATA_PATHS,
  PLAY_DATA_TEXT,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  statsOf,
  type PlayEventRequest,
  type ReportRequest,
  type VoteValue,
  type VoteRequest,
  type VotesResponse,
  type VoteResponse,
} from '@portal/shared-contracts/play-data';
import { HttpError, invalidInput } from '../http/errors';
import type { Expect, SameShape } from '../http/response-schema';
import { sameBytes } from '../security/same-bytes';
import { cleanReportText } from './report-text';
import { deviceVoter, userVoter } from './votes';

const KNOWN_GAME_IDS: ReadonlySet<number> = new Set(GAMES.map((game) => game.id));
const MINUTE = 60_000;
/** Reports of one game within this window count toward the checker's threshold. */
const REPORT_WINDOW_MS = 24 * 60 * MINUTE;

/** Per address, like every other call; generous, since one home network holds many players. */
const LIMITS = {
  plays: { max: 120, timeWindow: MINUTE },
  votes: { max: 60, timeWindow: MINUTE },
  // Every play page view reads the player's votes: a read limit like the figures', not a vote's.
  votesRead: { max: 600, timeWindow: MINUTE },
  reports: { max: 10, timeWindow: MINUTE },
  stats: { max: 600, timeWindow: MINUTE },
} as const;

const deviceId = Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' });
const gameId = Type.Integer({ minimum: 1 });

const PLAY_EVENT = Type.Object({ gameId, deviceId });
const VOTES_QUERY = Type.Object({ deviceId });
const VOTE = Type.Object({ gameId, deviceId, vote: Type.Unsafe<VoteValue>({ type: 'integer', enum: [1, -1, 0] }) });
const REPORT = Type.Object({
  gameId,
  deviceId,
  reason: Type.Unsafe<ReportRequest['reason']>({ type: 'string', enum: [...REPORT_REASONS] }),
  text: Type.Optional(Type.String({ maxLength: REPORT_TEXT_MAX })),
});
const REPORTS_QUERY = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) });

// The schemas are the contract's shapes: a change on either side fails tsc.
export type PlayDataSchemasMatch = [
  Expect<SameShape<Static<typeof PLAY_EVENT>, PlayEventRequest>>,
  Expect<SameShape<Static<typeof VOTE>, VoteRequest>>,
  Expect<SameShape<Static<typeof REPORT>, ReportRequest>>,
];

/** 429 for a spent daily bound (product §8 shape): it ends at the next UTC midnight. */
function boundSpent(detail: string, at: Date): HttpError {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return new HttpError(429, detail, { 'retry-after': String(Math.max(1, Math.ceil((midnight - at.getTime()) / 1000))) });
}

function knownGame(id: number, where: 'body' | 'query' = 'body'): number {
  if (!KNOWN_GAME_IDS.has(id))
    throw invalidInput([{ loc: [where, 'gameId'], msg: `Unknown game id ${id}`, type: 'value_error' }]);
  return id;
}

/**
 * Play counts, likes and reports: anonymous calls keyed by the browser's random device id
 * (stored only as a keyed hash), a public stats snapshot, and a timer that rolls counted plays
 * up into the database.
 */
export const playDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { playData, now, authenticate } = app;
  const unavailableGames = unavailableReader(app);

  /** Signed-in callers are authenticated (a bad token is a 401); anyone else goes on as a device. */
  const maybeAuthenticate: preHandlerHookHandler = function maybeAuthenticate(request, reply, done) {
    if (request.headers.authorization === undefined) {
      done();
      return;
    }
    authenticate.call(this, request, reply, done);
  };

  /** The voter of a call: the account when signed in (the device's votes merged into it first). */
  async function voterOf(request: FastifyRequest, device: string): Promise<string> {
    const deviceKey = deviceVoter(playData.deviceKey(device));
    if (!request.authUser) return deviceKey;
    const account = userVoter(request.authUser.id);
    await playData.votes.mergeInto(deviceKey, account);
    return account;
  }

  app.post(
    PLAY_DATA_PATHS.plays,
    { config: { rateLimit: LIMITS.plays }, schema: { body: PLAY_EVENT } },
    async (request, reply) => {
      const game = knownGame(request.body.gameId);
      // A game the link checker found dead never counts (its page may still have drawn a frame
      // that fired `load`, decision 0058).
      if ((await unavailableGames()).has(game)) return reply.code(202).send({ counted: false });
      // Past the address's or site's daily bound a play is taken (202) but not counted.
      const source = playData.callSource(request.ip);
      const counted = await playData.counter.record(playData.deviceKey(request.body.deviceId), game, now(), source);
      if (counted) playData.stats.invalidate();
      return reply.code(202).send({ counted });
    },
  );

  app.get(PLAY_DATA_PATHS.stats, { config: { rateLimit: LIMITS.stats } }, async (_request, reply) => {
    const snapshot = await playData.stats.get();
    // Shared caches may keep it briefly: the same figures for everyone.
    return reply.header('cache-control', `public, max-age=${Math.round(app.config.playData.statsCacheMs / 1000)}`).send(snapshot);
  });

  app.get(
    PLAY_DATA_PATHS.votes,
    { preHandler: maybeAuthenticate, config: { rateLimit: LIMITS.votesRead }, schema: { querystring: VOTES_QUERY } },
    async (request): Promise<VotesResponse> => ({
      votes: await playData.votes.votesOf(await voterOf(request, request.query.deviceId)),
    }),
  );

  app.post(
    PLAY_DATA_PATHS.votes,
    { preHandler: maybeAuthenticate, config: { rateLimit: LIMITS.votes }, schema: { body: VOTE } },
    async (request): Promise<VoteResponse> => {
      const game = knownGame(request.body.gameId);
      const voter = await voterOf(request, request.body.deviceId);
      const at = now();
      const cast = await playData.votes.cast(voter, game, request.body.vote, at, playData.callSource(request.ip));
      if (cast === 'bounded') throw boundSpent(PLAY_DATA_TEXT.votesBounded, at);
      playData.stats.invalidate();
      const [votes, snapshot] = await Promise.all([playData.votes.votesOf(voter), playData.stats.get()]);
      return { votes, stats: statsOf(snapshot, game) };
    },
  );

  app.post(
    PLAY_DATA_PATHS.reports,
    { config: { rateLimit: LIMITS.reports }, schema: { body: REPORT } },
    async (request, reply) => {
      const { reason, text } = request.body;
      const game = knownGame(request.body.gameId);
      const at = now();
      const device = playData.deviceKey(request.body.deviceId);
      const added = await playData.reports.add(device, game, reason, cleanReportText(text), at, playData.callSource(request.ip));
      if (added === 'already') throw new HttpError(409, PLAY_DATA_TEXT.reportAlready);
      if (added === 'bounded') throw boundSpent(PLAY_DATA_TEXT.reportsBounded, at);
      // Enough players saying the same game is broken: the link checker looks at it at once.
      const reporters = await playData.reports.reportersSince(game, new Date(at.getTime() - REPORT_WINDOW_MS));
      if (reporters >= app.config.gameChecks.reportThreshold) await app.gameHealth.flag(game, at);
      return reply.code(201).send({ detail: PLAY_DATA_TEXT.reportThanks });
    },
  );

  const { reportsToken } = app.config.playData;
  if (reportsToken) {
    const expected = Buffer.from(`Bearer ${reportsToken}`);
    app.get(
      PLAY_DATA_PATHS.reports,
      { config: { rateLimit: LIMITS.votes }, schema: { querystring: REPORTS_QUERY } },
      async (request) => {
        if (!sameBytes(Buffer.from(request.headers.authorization ?? ''), expected)) {
          throw new HttpError(401, 'Not authenticated', { 'www-authenticate': 'Bearer' });
        }
        return { reports: await playData.reports.list(request.query.limit ?? 100) };
      },
    );
  }
};

/**
 * The games the link checker hides, read at most once per STATS_CACHE_SECONDS. Not from the stats
 * snapshot: every counted play invalidates it, and rebuilding it on each play is the whole figures'
 * query on the play path. A failed read hides nothing until the next one.
 */
function unavailableReader(services: Pick<FastifyInstance, 'now' | 'gameHealth' | 'config'>): () => Promise<ReadonlySet<number>> {
  let cached: { until: number; ids: Promise<ReadonlySet<number>> } | null = null;
  return () => {
    const at = services.now().getTime();
    if (!cached || at >= cached.until) {
      const ids = services.gameHealth.unavailable().then(
        (list): ReadonlySet<number> => new Set(list),
        (): ReadonlySet<number> => new Set(),
      );
      cached = { until: at + services.config.playData.statsCacheMs, ids };
    }
    return cached.ids;
  };
}
