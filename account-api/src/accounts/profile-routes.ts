import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { API_PATHS, type DetailResponse, type LoginResponse, type UserRecord } from 'shared-contracts/account';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth';
import { HttpError, invalidInput, unauthorized } from '../http/errors';
import { USER_RECORD_SCHEMA } from '../http/response-schemas';
import { InputReader } from '../http/input';
import { RATE_LIMITS } from '../http/rate-limits';
import { passwordChangedMail } from '../mail/messages';
import { hashPassword, verifyPassword } from '../security/passwords';
import { uploadNameFromPictureUrl } from '../uploads/upload-routes';
import { formatMinutes } from '../uploads/upload-store';
import { readProfileChanges } from './profile-fields';
import { FIELD_SPECS } from './rules';
import { toUserRecord } from './user-store';

/** update-password answers `detail` (product §7) plus fresh tokens: the change retires the old ones. */
export type UpdatePasswordResponse = DetailResponse & LoginResponse;

/**
 * product §7 puts save_profile's and update-password's fields in the query string; a JSON or form
 * body is read instead when one is sent, so clients can keep personal data and passwords out of
 * URLs (and out of every proxy's access log).
 */
function bodyOrQuery(request: FastifyRequest): InputReader {
  const body = request.body;
  const hasBody = typeof body === 'object' && body !== null && Object.keys(body).length > 0;
  return hasBody ? new InputReader(body, 'body') : new InputReader(request.query, 'query');
}

export function registerProfileRoutes(app: FastifyInstance, context: AppContext, authenticate: preHandlerHookHandler): void {
  const { users, sessions, tokens, config } = context;

  // The hot read (decision 0024): the record comes from the auth check; a plain return, no promise.
  app.post(API_PATHS.userInfo, { preHandler: authenticate, schema: { response: { 200: USER_RECORD_SCHEMA } } }, (request) =>
    currentUser(request),
  );

  app.post(API_PATHS.saveProfile, { preHandler: authenticate }, async (request): Promise<UserRecord> => {
    const user = currentUser(request);
    const input = bodyOrQuery(request);
    const changes = readProfileChanges(input, context.now);
    input.done();
    if (Object.keys(changes).length === 0) return user;
    return toUserRecord(await users.update(user.id, changes));
  });

  app.post(API_PATHS.savePicture, { preHandler: authenticate }, async (request): Promise<UserRecord> => {
    const user = currentUser(request);
    const input = new InputReader(request.query, 'query');
    const pictureUrl = input.string('picture_url', { required: true, maxLength: 2048 });
    input.done();
    const name = uploadNameFromPictureUrl(pictureUrl);
    const upload = name ? await context.uploads.findSavable(user, name) : null;
    if (!upload) {
      throw invalidInput([
        {
          loc: ['query', 'picture_url'],
          msg: `picture_url must name a picture you uploaded less than ${formatMinutes(config.uploads.unsavedMs)} ago, or your current one`,
          type: 'value_error',
        },
      ]);
    }
    return toUserRecord(await context.uploads.setPicture(user.id, upload));
  });

  app.post(
    API_PATHS.updatePassword,
    { preHandler: [authenticate, context.passwordHashingBudget], config: { rateLimit: RATE_LIMITS.updatePassword } },
    async (request): Promise<UpdatePasswordResponse> => {
      const input = bodyOrQuery(request);
      const oldPassword = input.string('old_password', FIELD_SPECS.existingPassword);
      const newPassword = input.string('new_password', FIELD_SPECS.newPassword);
      input.done();
      // The record from the auth check carries no hash: read it now, as it stands.
      const user = await users.findById(currentUser(request).id);
      if (!user) throw unauthorized('Could not validate credentials');
      if (!(await verifyPassword(oldPassword, user.password_hash))) throw new HttpError(400, 'Old password is incorrect');
      if (oldPassword === newPassword) throw new HttpError(400, 'The new password must differ from the old one');
      const passwordHash = await hashPassword(newPassword, config.passwordHashCost);
      // Every session ends (token_version bumped, rows revoked), the notice is queued in the same
      // transaction, and this device gets a fresh session.
      const { updated, session } = await context.database.db.transaction().execute(async (trx) => {
        const changed = await users.setPassword(user.id, passwordHash, trx);
        await sessions.revokeAllOf(user.id, 'password_changed', trx);
        await context.mailOutbox.enqueue(trx, passwordChangedMail(config, changed.email, 'changed'));
        return { updated: changed, session: await sessions.open(user.id, trx) };
      });
      const pair = await tokens.issuePair({ userId: updated.id, version: updated.token_version, ...session });
      return { detail: 'Password updated successfully', ...pair };
    },
  );
}
