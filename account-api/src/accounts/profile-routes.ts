import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { API_PATHS, type DetailResponse, type LoginResponse, type UserRecord } from '@portal/shared-contracts/account';
import { currentUser } from '../http/auth';
import { HttpError, invalidInput, unauthorized } from '../http/errors';
import { bodyOrQuery } from '../http/input-source';
import { RATE_LIMITS } from '../http/rate-limits';
import { passwordChangedMail } from '../mail/messages';
import { hashPassword, verifyPassword } from '../security/passwords';
import { uploadNameFromPictureUrl } from '../uploads/upload-routes';
import { formatMinutes } from '../uploads/upload-store';
import { PROFILE_CHANGES, profileChanges } from './profile-fields';
import { accountText, FIELDS } from './rules';
import { USER_RECORD } from './user-record-schema';
import { toUserRecord } from './user-store';

/** update-password answers `detail` (product §7) plus fresh tokens: the change retires the old ones. */
export type UpdatePasswordResponse = DetailResponse & LoginResponse;

const UPDATE_PASSWORD = Type.Object({ old_password: FIELDS.existingPassword, new_password: FIELDS.newPassword });

const SAVE_PICTURE_QUERY = Type.Object({ picture_url: accountText({ notBlank: true, maxLength: 2048 }) });

/**
 * product §7 puts save_profile's and update-password's fields in the query string; a JSON or form
 * body is read instead when one is sent (see bodyOrQuery). The query schema lists the same fields
 * for the document; the body schema checks them wherever they came from.
 */
function fieldsInBodyOrQuery<Fields extends ReturnType<typeof Type.Object>>(fields: Fields) {
  return { schema: { body: fields, querystring: Type.Partial(fields) } };
}

/** The signed-in player's own record, profile and password. */
export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users, sessions, tokens, config, authenticate } = app;

  // The hot read (decision 0024): the record comes from the auth check; a plain return, no promise.
  app.post(API_PATHS.userInfo, { preHandler: authenticate, schema: { response: { 200: USER_RECORD } } }, (request) =>
    currentUser(request),
  );

  app.post(
    API_PATHS.saveProfile,
    { preValidation: [authenticate, bodyOrQuery], ...fieldsInBodyOrQuery(PROFILE_CHANGES) },
    async (request): Promise<UserRecord> => {
      const user = currentUser(request);
      const changes = profileChanges(request.body);
      if (Object.keys(changes).length === 0) return user;
      return toUserRecord(await users.update(user.id, changes));
    },
  );

  app.post(
    API_PATHS.savePicture,
    { preValidation: authenticate, schema: { querystring: SAVE_PICTURE_QUERY } },
    async (request): Promise<UserRecord> => {
      const user = currentUser(request);
      const pictureUrl = request.query.picture_url;
      const name = uploadNameFromPictureUrl(pictureUrl);
      const upload = name ? await app.uploads.findSavable(user, name) : null;
      if (!upload) {
        throw invalidInput([
          {
            loc: ['query', 'picture_url'],
            msg: `picture_url must name a picture you uploaded less than ${formatMinutes(config.uploads.unsavedMs)} ago, or your current one`,
            type: 'value_error',
          },
        ]);
      }
      return toUserRecord(await app.uploads.setPicture(user.id, upload));
    },
  );

  app.post(
    API_PATHS.updatePassword,
    {
      preValidation: [authenticate, app.passwordHashingBudget, bodyOrQuery],
      config: { rateLimit: RATE_LIMITS.updatePassword },
      ...fieldsInBodyOrQuery(UPDATE_PASSWORD),
    },
    async (request): Promise<UpdatePasswordResponse> => {
      const { old_password: oldPassword, new_password: newPassword } = request.body;
      // The record from the auth check carries no hash: read it now, as it stands.
      const user = await users.findById(currentUser(request).id);
      if (!user) throw unauthorized('Could not validate credentials');
      if (!(await verifyPassword(oldPassword, user.password_hash))) throw new HttpError(400, 'Old password is incorrect');
      if (oldPassword === newPassword) throw new HttpError(400, 'The new password must differ from the old one');
      const passwordHash = await hashPassword(newPassword, config.passwordHashCost);
      // Every session ends (token_version bumped, rows revoked), the notice is queued in the same
      // transaction, and this device gets a fresh session.
      const { updated, session } = await app.database.db.transaction().execute(async (trx) => {
        const changed = await users.setPassword(user.id, passwordHash, trx);
        await sessions.revokeAllOf(user.id, 'password_changed', trx);
        await app.mailOutbox.enqueue(trx, passwordChangedMail(config, changed.email, 'changed'));
        return { updated: changed, session: await sessions.open(user.id, trx) };
      });
      const pair = await tokens.issuePair({ userId: updated.id, version: updated.token_version, ...session });
      return { detail: 'Password updated successfully', ...pair };
    },
  );
};
