import path from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './accounts/auth-routes';
import { OneTimeCodes } from './accounts/one-time-codes';
import { registerProfileRoutes } from './accounts/profile-routes';
import { registerLibraryRoutes } from './library/library-routes';
import { UserStore } from './accounts/user-store';
import type { Config } from './config';
import type { AppContext } from './context';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrations';
import { registerDevRoutes } from './dev/dev-routes';
import { authenticator } from './http/auth';
import { registerErrorHandling } from './http/errors';
import { redactUrl } from './http/log-redaction';
import { PASSWORD_HASHING_BUDGET, rateLimitError } from './http/rate-limits';
import { RequestBudget } from './http/request-budget';
import { DevOutbox, DroppingMailer, SmtpMailer, type Mailer } from './mail/mailer';
import { googleCaptchaVerifier, type CaptchaVerifier } from './security/captcha';
import { DummyPasswordCheck } from './security/passwords';
import { deriveKeys, loadMasterSecret } from './security/secrets';
import { TokenService } from './security/tokens';
import { registerUploadRoutes } from './uploads/upload-routes';
import { registerBalanceRoutes } from './wallet/balance-routes';

export interface AppOptions {
  config: Config;
  /** Tests replace the clock to reach expiry without waiting. */
  now?: () => Date;
  /** Tests replace Google's check; default: Google when RECAPTCHA_SECRET is set, else none. */
  captcha?: CaptchaVerifier | null;
  logger?: boolean;
}

export interface App {
  app: FastifyInstance;
  context: AppContext;
  /** The dev outbox, when mail is not sent through SMTP (and not in production). */
  outbox: DevOutbox | null;
}

function chooseMailer(config: Config, warn: (message: string) => void): { mailer: Mailer; outbox: DevOutbox | null } {
  if (config.smtpUrl) return { mailer: new SmtpMailer(config.smtpUrl, config.mailFrom), outbox: null };
  if (config.production) return { mailer: new DroppingMailer(warn), outbox: null };
  const outbox = new DevOutbox();
  return { mailer: outbox, outbox };
}

/** Builds the whole API: database migrated, plugins and routes registered, not yet listening. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const now = options.now ?? (() => new Date());

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: redactUrl(request.url),
                ip: request.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // SPEC §7 writes some paths with a trailing slash and some without; accept both spellings.
    routerOptions: { ignoreTrailingSlash: true },
  });

  const database = connectDatabase(config);
  app.addHook('onClose', async () => database.db.destroy());
  const applied = await migrateToLatest(database.db, database.dialect);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  const keys = deriveKeys(loadMasterSecret(config.jwtSecret, config.dataDir));
  const { mailer, outbox } = chooseMailer(config, (message) => app.log.warn(message));
  const captcha =
    options.captcha !== undefined
      ? options.captcha
      : config.recaptchaSecret
        ? googleCaptchaVerifier(config.recaptchaSecret)
        : null;
  await app.register(fastifyRateLimit, { global: false, errorResponseBuilder: rateLimitError });
  const context: AppContext = {
    config,
    database,
    users: new UserStore(database.db, now),
    codes: new OneTimeCodes(database.db, keys.codes, now),
    tokens: new TokenService({
      key: keys.jwt,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      refreshTtlSeconds: config.refreshTokenTtlSeconds,
      now,
    }),
    mailer,
    captcha,
    dummyPassword: new DummyPasswordCheck(config.passwordHashCost),
    uploadsDir: path.join(config.dataDir, 'uploads'),
    now,
    passwordHashingBudget: new RequestBudget(PASSWORD_HASHING_BUDGET.max, PASSWORD_HASHING_BUDGET.windowMs, () =>
      now().getTime(),
    ).hook(),
  };

  registerErrorHandling(app);
  app.decorateRequest('authUser', null);

  // Bearer tokens, not cookies: any listed origin may call; '*' is safe for that reason.
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
    defaultJsonParser(request, text, done);
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // Account data must not sit in shared caches; uploads set their own policy.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const authenticate = authenticator(context.tokens, context.users);
  registerAuthRoutes(app, context);
  registerProfileRoutes(app, context, authenticate);
  registerBalanceRoutes(app, context, authenticate);
  registerLibraryRoutes(app, context, authenticate);
  await registerUploadRoutes(app, context, authenticate);
  registerDevRoutes(app, context, outbox);

  return { app, context, outbox };
}
