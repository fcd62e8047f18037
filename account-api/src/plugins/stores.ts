import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { OneTimeCodes } from '../accounts/one-time-codes';
import { OwnerNetworks } from '../accounts/owner-networks';
import { SessionStore } from '../accounts/session-store';
import { UserStore } from '../accounts/user-store';
import { GameHealthStore } from '../game-health/health-store';
import { MailOutbox } from '../mail/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserStore;
    sessions: SessionStore;
    codes: OneTimeCodes;
    /** The network each account last proved itself from: its own allowance of code mails. */
    ownerNetworks: OwnerNetworks;
    /** Mail goes here, inside the transaction of the change that needs it (decision 0007 step 5). */
    mailOutbox: MailOutbox;
    /** Each game's health as the link checker judged it (decision 0058). */
    gameHealth: GameHealthStore;
  }
}

/** The tables' stores: accounts, sessions, codes, the mail outbox, game health. */
const stores: FastifyPluginAsync = async (fastify) => {
  const { config, now, secrets } = fastify;
  const { db, dialect } = fastify.database;
  fastify.decorate('users', new UserStore(db, now));
  fastify.decorate('sessions', new SessionStore(db, now, config.refreshTokenTtlSeconds * 1000, config.retention.sessionMaxAgeMs));
  fastify.decorate('codes', new OneTimeCodes(db, secrets.keys.codes, now));
  fastify.decorate('ownerNetworks', new OwnerNetworks(db, secrets.keys.ownerNetworks, now));
  fastify.decorate('mailOutbox', new MailOutbox(db, dialect, now));
  fastify.decorate('gameHealth', new GameHealthStore(db));
};

export default fp(stores, { name: 'stores', dependencies: ['database'] });
