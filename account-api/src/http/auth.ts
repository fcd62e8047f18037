import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AuthLookup } from '../db/auth-lookup';
import type { UserRecord } from '@portal/shared-contracts/account';
import type { TokenService } from '../security/tokens';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on protected routes: the user's public record, as get-user-info answers it. */
    authUser: UserRecord | null;
    /** The session (`sid`) of the access token, set with authUser. */
    authSessionId: string | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * preHandler for protected routes (decision 0007 step 3): a valid access token whose user still
 * has the token's token_version and whose session exists and is not revoked, or 401. A token
 * without `sid` is refused. One prepared read, no cache: a password change or a revoked session
 * is refused on the very next request.
 */
export function authenticator(tokens: TokenService, lookup: AuthLookup): preHandlerHookHandler {
  // Not an async function: on SQLite the whole check is synchronous, so the request goes on
  // without a promise and a trip through the microtask queue.
  return function authenticate(request, _reply, done) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      done(unauthorized('Not authenticated'));
      return;
    }
    const claims = tokens.verify(match[1], 'access');
    if (!claims) {
      done(unauthorized('Could not validate credentials'));
      return;
    }
    const accept = (user: UserRecord | undefined) => {
      if (!user) {
        done(unauthorized('Could not validate credentials'));
        return;
      }
      request.authUser = user;
      request.authSessionId = claims.sessionId;
      done();
    };
    const found = lookup.find(claims.userId, claims.version, claims.sessionId);
    if (found instanceof Promise) found.then(accept, done);
    else accept(found);
  };
}

/** The signed-in user of a protected route. */
export function currentUser(request: FastifyRequest): UserRecord {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
