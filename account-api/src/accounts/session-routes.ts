import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, type DetailResponse, type LoginResponse } from '@portal/shared-contracts/account';
import { HttpError } from '../http/errors';
import { objectBody } from '../http/input-source';
import { RATE_LIMITS } from '../http/rate-limits';
import { MESSAGES } from './auth-messages';
import { REFRESH_TOKEN_BODY } from './auth-schemas';

/** A session's refresh-token family: rotated on refresh, ended on sign-out. */
export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users, sessions, tokens } = app;
  /** Rotation: the presented refresh token must be its family's current one; a used one revokes the family. */
  const refreshRoute = {
    preValidation: objectBody,
    config: { rateLimit: RATE_LIMITS.refresh },
    schema: { body: REFRESH_TOKEN_BODY },
  };

  app.post(API_PATHS.refreshToken, refreshRoute, async (request): Promise<LoginResponse> => {
    const refreshToken = request.body.refresh_token;
    const subject = tokens.verify(refreshToken, 'refresh');
    const user = subject ? await users.findById(subject.userId) : undefined;
    if (!subject || !user || user.token_version !== subject.version) throw new HttpError(401, MESSAGES.badRefreshToken);
    const rotated = await sessions.rotate(subject.sessionId, user.id, subject.jti);
    if (!rotated.ok) {
      if (rotated.reason === 'reuse') request.log.warn({ userId: user.id }, 'refresh token reused: session revoked');
      throw new HttpError(401, MESSAGES.badRefreshToken);
    }
    return tokens.issuePair({
      userId: user.id,
      version: user.token_version,
      sessionId: subject.sessionId,
      refreshJti: rotated.refreshJti,
    });
  });

  /** Ends the session of a refresh token (any token of the family); saying it twice is fine. */
  app.post(API_PATHS.logout, refreshRoute, async (request): Promise<DetailResponse> => {
    const subject = tokens.verify(request.body.refresh_token, 'refresh');
    if (!subject) throw new HttpError(401, MESSAGES.badRefreshToken);
    await sessions.revoke(subject.sessionId, 'logout');
    return { detail: MESSAGES.loggedOut };
  });
};
