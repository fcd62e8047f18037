import { randomUUID } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { GAMES } from 'shared-contracts';
import { registerAuthRoutes } from './accounts/auth-routes';
import { accountChecks } from './accounts/rules';
import { OneTimeCodes } from './accounts/one-time-codes';
import { OwnerNetworks } from './accounts/owner-networks';
import { registerProfileRoutes } from './accounts/profile-routes';
import { SessionStore } from './accounts/session-store';
import { registerLibraryRoutes } from './library/library-routes';
import { LIBRARY_CHECKS } from './library/library-schema';
import { JobLease } from './game-health/job-lease';
import { PurgeJob } from './maintenance/purge-job';
import { GameChecker } from './game-health/game-checker';
import { GameHealthStore } from './game-health/health-store';
import { registerGameCheckRoutes } from './game-health/game-check-routes';
import { UserStore } from './accounts/user-store';
import { mailConfigProblem, type Config } from './config';
import type { AppContext } from './context';
import { createAuthLookup } from './db/auth-lookup';
import { connectDatabase } from './db/connect';
import { bringSchemaUpToDate } from './operations/migrate';
import { registerDevRoutes } from './dev/dev-routes';
import { registerHealthRoutes } from './health/health-routes';
import { authenticator } from './http/auth';
import { registerErrorHandling } from './http/errors';
import { LeanRequestLog, LOG_SERIALIZERS } from './http/log-redaction';
import { ACCOUNT_LIMITS, accountLimit, PASSWORD_HASHING_BUDGET, rateLimitError } from './http/rate-limits';
import { RequestBudget } from './http/request-budget';
import { exactTypesValidator, inputValidation } from './http/validation';
import { DeliveryWorker, DevOutboxTransport, SmtpTransport, type MailTransport } from './mail/delivery-worker';
import { MailOutbox } from './mail/outbox';
import { registerObservability } from './observability/metrics';
import { redisClientFor, redisTarget } from './redis/redis-client';
import { bearerRoutes, OPENAPI_INFO } from './openapi/openapi-info';
import { requestIdOf } from './observability/request-id';
import { activeTracing, traceLogFields } from 'service-tracing';
import { googleCaptchaVerifier, type CaptchaVerifier } from './security/captcha';
import { BoundedRateLimitStore, MemoryLimitStore, RedisLimitStore, type LimitStore } from './security/limit-store';
import { loadBreachedPasswords } from './security/breached-passwords';
import { DummyPasswordCheck } from './security/passwords';
import { deriveKeys, ensurePrivateDir, loadMasterSecret } from './security/secrets';
import { SigningKeyRing } from './security/signing-keys';
import { TokenService } from './security/tokens';
import { createPlayData, playDataPurgeTasks } from './play-data/play-data';
import { registerPlayDataRoutes } from './play-data/play-data-routes';
import { orphanFilesTask, unsavedUploadsTask } from './uploads/upload-purge';
import { registerUploadRoutes } from './uploads/upload-routes';
import { createPictureStorage } from './uploads/storage/create-storage';
import { UploadStore } from './uploads/upload-store';
import { registerBalanceRoutes } from './wallet/balance-routes';

export interface AppOptions {
  config: Config;
  /** Tests replace the clock to reach expiry without waiting. */
  now?: () => Date;
  /** Tests replace Google's check; default: Google when RECAPTCHA_SECRET is set, else none. */
  captcha?: CaptchaVerifier | null;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: FastifyLoggerOptions['stream'];
}

export interface App {
  app: FastifyInstance;
  context: AppContext;
  /** Delivers the mail outbox; null when this instance only queues (MAIL_WORKER=0, or nowhere to deliver). */
  mailWorker: DeliveryWorker | null;
  /** Deletes expired and abandoned data on a timer (tests call runOnce). */
  purgeJob: PurgeJob;
  /** The game link checker; its timer runs only when GAME_CHECKS is on (tests call tick or runRound). */
  gameChecker: GameChecker;
}

/** SMTP when SMTP_URL is set; else the dev outbox when DEV_OUTBOX is on; else nowhere (mail waits in the queue). */
function chooseTransport(config: Config): MailTransport | null {
  if (config.smtpUrl) return new SmtpTransport(config.smtpUrl, config.mailFrom, config.mail.sendDeadlineMs);
  if (config.devOutbox) return new DevOutboxTransport();
  return null;
}

/**
 * Fastify's own hop-count option fails closed (trusts nothing), so a hop count becomes the
 * classic rule: trust the nearest `hops` addresses of the chain (the socket peer first).
 * An address list goes to Fastify as is (proxy-addr). Never `true`.
 */
function proxyTrust(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The plugin builds its store with `new`: a class bound to this app's clock and bound. */
function boundedStoreFor(clock: () => number, maxKeys: number) {
  return class extends BoundedRateLimitStore {
    constructor() {
      super(clock, maxKeys);
    }
  };
}

/**
 * Builds the whole API: database migrated, plugins and routes registered, not yet listening. A
 * build that fails closes what it had opened (the database's pool, Redis, timers) before it throws.
 */
/** Every JSON answer: nothing to load, never framed (OWASP's REST headers). */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
/** The site's own HSTS (deploy/nginx.conf): a year, every subdomain. */
const HSTS = 'max-age=31536000; includeSubDomains';

export async function buildApp(options: AppOptions): Promise<App> {
  const opened: { app?: FastifyInstance } = {};
  try {
    return await assembleApp(options, opened);
  } catch (error) {
    // The hooks registered so far close each thing opened so far.
    await opened.app?.close().catch(() => undefined);
    throw error;
  }
}

async function assembleApp(options: AppOptions, opened: { app?: FastifyInstance }): Promise<App> {
  const { config } = options;
  const mailProblem = mailConfigProblem(config);
  if (mailProblem) throw new Error(mailProblem);
  const now = options.now ?? (() => new Date());

  const inputChecks = { ...accountChecks(now), ...LIBRARY_CHECKS };
  const tracing = activeTracing();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: LOG_SERIALIZERS,
            // With tracing on, a line written during a request carries its trace and span ids.
            ...(tracing ? { mixin: traceLogFields } : {}),
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // One lean line per answered request instead of Fastify's two (decision 0007 step 6).
    logController: new LeanRequestLog(),
    genReqId: requestIdOf,
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 64 * 1024,
    // product §7 writes some paths with a trailing slash and some without; accept both spellings.
    routerOptions: { ignoreTrailingSlash: true },
    // During a drain a request that still arrives on an open keep-alive connection is served (with
    // `Connection: close`), not answered 503: a proxy does not retry a 503 to a POST such as sign-in.
    return503OnClosing: false,
    // Every route's input is checked by its JSON schema (decision 0048).
    ajv: inputValidation(inputChecks),
  });
  opened.app = app;
  // First, so every request (and every hook and route after it) is inside the request's span.
  if (tracing) await app.register(tracing.fastifyPlugin);

  // Before the database: a bad secret file stops the start without opening or migrating anything.
  const master = loadMasterSecret(config.jwtSecret, config.dataDir);
  const keys = deriveKeys(master);
  ensurePrivateDir(config.dataDir);
  const database = connectDatabase(config);
  app.addHook('onClose', async () => database.db.destroy());
  await bringSchemaUpToDate(database, config, app.log);

  // Read the breached-password list now, not in the first sign-up's request.
  loadBreachedPasswords();
  // Rotating JWT keys (decision 0037), re-read by every instance every SIGNING_KEY_REFRESH_SECONDS.
  const signingKeys = new SigningKeyRing({
    db: database.db,
    master,
    primary: keys.jwt,
    longestTokenMs: Math.max(config.accessTokenTtlSeconds, config.refreshTokenTtlSeconds) * 1000,
    refreshMs: config.operations.signingKeyRefreshMs,
    now,
    warn: (message, details) => {
      app.log.warn(details, message);
    },
  });
  await signingKeys.load();
  signingKeys.start();
  app.addHook('onClose', (_instance, done) => {
    signingKeys.stop();
    done();
  });
  const captcha =
    options.captcha !== undefined
      ? options.captcha
      : config.recaptchaSecret
        ? googleCaptchaVerifier(config.recaptchaSecret)
        : null;
  // Rate limits: in memory for one instance, in Redis (REDIS_URL) when several share the load.
  const clock = () => now().getTime();
  let limitStore: LimitStore = new MemoryLimitStore(clock, config.rateLimitMemoryKeys);
  let redis: Redis | null = null;
  const client = redisClientFor(config);
  if (client) {
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      throw new Error(`Cannot reach Redis at ${redisTarget(config)}: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Closed with the app only once connected: a failed connect has disconnected it already.
    redis = client;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
    limitStore = new RedisLimitStore(client, `${config.redisKeyPrefix}account:`);
  }
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: rateLimitError,
    ...(redis
      ? { redis, nameSpace: `${config.redisKeyPrefix}address:` }
      : // The plugin's own memory store is an LRU: it would forget a victim's counter under load.
        { store: boundedStoreFor(clock, config.rateLimitMemoryKeys) }),
  });
  const context: AppContext = {
    config,
    database,
    users: new UserStore(database.db, now),
    sessions: new SessionStore(database.db, now, config.refreshTokenTtlSeconds * 1000, config.retention.sessionMaxAgeMs),
    codes: new OneTimeCodes(database.db, keys.codes, now),
    signingKeys,
    tokens: new TokenService({
      keys: signingKeys,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      refreshTtlSeconds: config.refreshTokenTtlSeconds,
      now,
    }),
    mailOutbox: new MailOutbox(database.db, database.dialect, now),
    captcha,
    dummyPassword: new DummyPasswordCheck(config.passwordHashCost),
    accountLimits: {
      login: accountLimit(limitStore, ACCOUNT_LIMITS.login),
      codeEntry: accountLimit(limitStore, ACCOUNT_LIMITS.codeEntry),
      codeMails: accountLimit(limitStore, ACCOUNT_LIMITS.codeMails),
      codeMailsPerNetwork: accountLimit(limitStore, ACCOUNT_LIMITS.codeMailsPerNetwork),
      codeMailsOwner: accountLimit(limitStore, ACCOUNT_LIMITS.codeMailsOwner),
    },
    ownerNetworks: new OwnerNetworks(database.db, keys.ownerNetworks, now),
    uploads: new UploadStore(database.db, createPictureStorage(config), config.uploads, now),
    redis,
    now,
    passwordHashingBudget: new RequestBudget(PASSWORD_HASHING_BUDGET.max, PASSWORD_HASHING_BUDGET.windowMs, () =>
      now().getTime(),
    ).hook(),
    playData: createPlayData({ config, database, redis, secret: keys.playData, now }),
    gameHealth: new GameHealthStore(database.db),
  };
  const gameChecker = new GameChecker(
    database.db,
    context.gameHealth,
    GAMES.map((game) => ({ id: game.id, link: game.link })),
    config.gameChecks,
    app.log,
    now,
    () => context.playData.stats.invalidate(),
  );

  registerErrorHandling(app);
  const authLookup = createAuthLookup(database);
  app.addHook('onClose', async () => authLookup.close());
  const authenticate = authenticator(context.tokens, authLookup);
  // Collects the route schemas into an OpenAPI document (`app.swagger()`); it serves nothing.
  await app.register(fastifySwagger, { openapi: OPENAPI_INFO, transform: bearerRoutes(authenticate) });
  registerObservability(app, context, redis, gameChecker.figures);
  app.decorateRequest('authUser', null);
  app.decorateRequest('authSessionId', null);

  // Bearer tokens, not cookies: any listed origin may call. '*' only outside production (config refuses it there).
  await app.register(fastifyCors, {
    origin: config.corsOrigins.includes('*') ? '*' : config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'],
    exposedHeaders: ['retry-after'],
    maxAge: 600,
  });
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });

  // Bodiless POSTs (get-user-info, save_profile) may still say application/json: treat '' as no body.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void defaultJsonParser(request, text, done); // answers through done()
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    // No answer of the API is ever a page to frame (clickjacking); browsers that ignore
    // frame-ancestors still honour X-Frame-Options.
    reply.header('x-frame-options', 'DENY');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string') reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    else if (!policy.includes('frame-ancestors')) reply.header('content-security-policy', `${policy}; frame-ancestors 'none'`);
    // HSTS over TLS (as the proxy in front says) and always in production, where only https is served.
    if (config.production || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // Account data must not sit in shared caches; uploads set their own policy.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  registerAuthRoutes(app, context);
  registerProfileRoutes(app, context, authenticate);
  registerBalanceRoutes(app, authLookup, authenticate);
  registerLibraryRoutes(app, context, authenticate, exactTypesValidator(inputChecks));
  registerPlayDataRoutes(app, context, authenticate);
  await registerUploadRoutes(app, context, authenticate);
  registerDevRoutes(app, context);
  registerGameCheckRoutes(app, context, gameChecker);
  registerHealthRoutes(app, context);

  const transport = config.mail.worker ? chooseTransport(config) : null;
  const mailWorker = transport ? new DeliveryWorker(context.mailOutbox, transport, config.mail, app.log, now) : null;
  if (mailWorker) {
    // Registered after the database's hook, so it runs before it: the worker lets go, then the pool closes.
    app.addHook('onClose', async () => mailWorker.stop());
    mailWorker.start();
  }

  const purgeJob = new PurgeJob(
    [
      { name: 'expired_codes', run: () => context.codes.purgeExpired() },
      { name: 'ended_sessions', run: () => context.sessions.purgeEnded() },
      { name: 'unverified_accounts', run: () => context.users.purgeUnverified(config.retention.unverifiedAccountMs) },
      // After the accounts: their pictures' rows went with them (cascade), the files go now.
      unsavedUploadsTask(database.db, context.uploads, config.uploads.unsavedMs, now),
      orphanFilesTask(database.db, context.uploads, config.uploads.unsavedMs, now),
      ...playDataPurgeTasks(context.playData, database.db, now),
      { name: 'game_check_history', run: () => gameChecker.store.purgeHistory(config.gameChecks.historyMs, now()) },
    ],
    config.retention.purgeIntervalMs,
    app.log,
    // Held across ticks (two intervals), so one instance keeps leading while it lives.
    new JobLease(database.db, 'purge', randomUUID(), 2 * config.retention.purgeIntervalMs, now),
  );
  // Before the database's hook (hooks run in reverse order): a purge in flight finishes first.
  app.addHook('onClose', async () => purgeJob.stop());
  purgeJob.start();
  // Before the database's hook: a round in flight finishes and the lease is let go first.
  app.addHook('onClose', async () => gameChecker.stop());
  if (config.gameChecks.enabled) gameChecker.start();

  return { app, context, mailWorker, purgeJob, gameChecker };
}
