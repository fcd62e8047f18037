import type { FastifyInstance } from 'fastify';

/**
 * The services the plugins in src/plugins/ decorate the instance with (each plugin declares its
 * own on FastifyInstance). Route plugins read them from their instance; this view is what the
 * metrics, the readiness check and the tests take.
 */
export type AppContext = Pick<
  FastifyInstance,
  | 'config'
  | 'now'
  | 'database'
  | 'users'
  | 'sessions'
  | 'codes'
  | 'tokens'
  | 'signingKeys'
  | 'mailOutbox'
  | 'captcha'
  | 'dummyPassword'
  | 'uploads'
  | 'accountLimits'
  | 'ownerNetworks'
  | 'redis'
  | 'passwordHashingBudget'
  | 'playData'
  | 'gameHealth'
>;
