import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { activeTracing, traceLogFields } from '@portal/service-tracing';
import { accountChecks } from './accounts/rules';
import { authRoutes } from './accounts/auth-routes';
import { profileRoutes } from './accounts/profile-routes';
import { mailConfigProblem, type Config } from './config';
import type { AppContext } from './context';
import { devRoutes } from './dev/dev-routes';
import type { GameChecker } from './game-health/game-checker';
import { gameCheckRoutes } from './game-health/game-check-routes';
import { healthRoutes } from './health/health-routes';
import { registerErrorHandling } from './http/errors';
import { LeanRequestLog, LOG_SERIALIZERS } from './http/log-redaction';
import { exactTypesValidator, inputValidation } from './http/validation';
import { LIBRARY_CHECKS } from './library/library-schema';
import { libraryRoutes } from './library/library-routes';
import type { DeliveryWorker } from './mail/delivery-worker';
import type { PurgeJob } from './maintenance/purge-job';
import { requestIdOf } from './observability/request-id';
import { bearerRoutes, OPENAPI_INFO } from './openapi/openapi-info';
import { playDataRoutes } from './play-data/play-data-routes';
import appOptions from './plugins/app-options';
import authentication from './plugins/authentication';
import database from './plugins/database';
import gameChecker from './plugins/game-checker';
import httpConventions from './plugins/http-conventions';
import jobs from './plugins/jobs';
import metrics from './plugins/metrics';
import passwords from './plugins/passwords';
import playData from './plugins/play-data';
import rateLimits from './plugins/rate-limits';
import redis from './plugins/redis';
import stores from './plugins/stores';
import tokens from './plugins/tokens';
import uploads from './plugins/uploads';
import type { CaptchaVerifier } from './security/captcha';
import { uploadRoutes } from './uploads/upload-routes';
import { balanceRoutes } from './wallet/balance-routes';

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
  /** The services the plugins decorated the instance with (the instance itself, seen through its services). */
  context: AppContext;
  /** Delivers the mail outbox; null when this instance only queues (MAIL_WORKER=0, or nowhere to deliver). */
  mailWorker: DeliveryWorker | null;
  /** Deletes expired and abandoned data on a timer (tests call runOnce). */
  purgeJob: PurgeJob;
  /** The game link checker; its timer runs only when GAME_CHECKS is on (tests call tick or runRound). */
  gameChecker: GameChecker;
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

/**
 * Builds the whole API: database migrated, plugins and routes registered, not yet listening. A
 * build that fails closes what it had opened (the database's pool, Redis, timers) before it throws.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const mailProblem = mailConfigProblem(config);
  if (mailProblem) throw new Error(mailProblem);
  const inputChecks = { ...accountChecks(options.now ?? (() => new Date())), ...LIBRARY_CHECKS };
  const app = createServer(options, inputChecks);
  try {
    await registerEverything(app, options, inputChecks);
  } catch (error) {
    // The onClose hooks registered so far close each thing opened so far.
    await app.close().catch(() => undefined);
    throw error;
  }
  const { mailWorker, purgeJob, gameChecker } = app;
  return { app, context: app, mailWorker, purgeJob, gameChecker };
}

type InputChecks = Parameters<typeof inputValidation>[0];

function createServer(options: AppOptions, inputChecks: InputChecks): FastifyInstance {
  const { config } = options;
  const tracing = activeTracing();
  return Fastify({
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
}

/**
 * The plugins in start-up order. onClose hooks run in reverse: the jobs stop first, then the
 * auth lookup, Redis and the signing keys, and the database's pool closes last.
 */
async function registerEverything(app: FastifyInstance, options: AppOptions, inputChecks: InputChecks): Promise<void> {
  const tracing = activeTracing();
  // First, so every request (and every hook and route after it) is inside the request's span.
  if (tracing) await app.register(tracing.fastifyPlugin);

  await app.register(appOptions, { config: options.config, now: options.now ?? (() => new Date()) });
  await app.register(database);
  await app.register(passwords, { captcha: options.captcha });
  await app.register(tokens);
  await app.register(redis);
  await app.register(rateLimits);
  await app.register(stores);
  await app.register(uploads);
  await app.register(playData);
  await app.register(gameChecker);

  registerErrorHandling(app);
  await app.register(authentication);
  // Collects the route schemas into an OpenAPI document (`app.swagger()`); it serves nothing.
  await app.register(fastifySwagger, { openapi: OPENAPI_INFO, transform: bearerRoutes(app.authenticate) });
  await app.register(metrics);
  await app.register(httpConventions);

  // In the root context (fastify-plugin), as the routes were before they became plugins: an
  // encapsulated plugin gets Request and Reply classes of its own, and the hooks every request runs
  // (metrics, the log line, the bearer check) would then see one object shape per route module.
  await app.register(fp(authRoutes, { name: 'auth-routes' }));
  await app.register(fp(profileRoutes, { name: 'profile-routes' }));
  await app.register(fp(balanceRoutes, { name: 'balance-routes' }));
  await app.register(fp(libraryRoutes, { name: 'library-routes' }), { exactTypes: exactTypesValidator(inputChecks) });
  await app.register(fp(playDataRoutes, { name: 'play-data-routes' }));
  await app.register(fp(uploadRoutes, { name: 'upload-routes' }));
  await app.register(fp(devRoutes, { name: 'dev-routes' }));
  await app.register(fp(gameCheckRoutes, { name: 'game-check-routes' }));
  await app.register(fp(healthRoutes, { name: 'health-routes' }));

  await app.register(jobs);
}
