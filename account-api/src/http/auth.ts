import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { SessionStore } from '../accounts/session-store';
import type { UserStore } from '../accounts/user-store';
import type { UserRow } from '../db/schema';
import type { TokenService } from '../security/tokens';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on protected routes. */
    authUser: UserRow | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** preHandler for protected routes: a valid access token of a live user, or 401. */
export function authenticator(tokens: TokenService, users: UserStore, sessions: SessionStore): preHandlerAsyncHookHandler {
  return async function authenticate(request) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('Not authenticated');
    const subject = await tokens.verify(match[1], 'access');
    const user = subject ? await users.findById(subject.userId) : undefined;
    // A password change bumps token_version, which retires older tokens.
    if (!subject || !user || user.token_version !== subject.version) throw unauthorized('Could not validate credentials');
    // Logout, reuse detection and password changes revoke the session: refused from the next request on.
    if (!(await sessions.isLive(subject.sessionId, user.id))) throw unauthorized('Could not validate credentials');
    request.authUser = user;
  };
}

/** The signed-in user of a protected route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
