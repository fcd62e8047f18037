import { PROFILE_FIELDS, type ProfileField, type SaveProfileQuery, type UserRecord } from '@portal/shared-contracts/account';

/** The editable fields of product §3 (the picture has its own upload flow). */
export type EditableProfileField = Exclude<ProfileField, 'picture_url'>;
export type ProfileFormValues = Record<EditableProfileField, string>;

export const EDITABLE_PROFILE_FIELDS: readonly EditableProfileField[] = PROFILE_FIELDS.filter(
  (field): field is EditableProfileField => field !== 'picture_url',
);

export function formValuesFrom(user: UserRecord): ProfileFormValues {
  return Object.fromEntries(EDITABLE_PROFILE_FIELDS.map((field) => [field, user[field] ?? ''])) as ProfileFormValues;
}

/**
 * What save_profile should receive: only the fields that changed ('' clears one), so a save
 * never rewrites what the player did not touch.
 */
export function changedFields(values: ProfileFormValues, user: UserRecord): SaveProfileQuery {
  const changes: SaveProfileQuery = {};
  for (const field of EDITABLE_PROFILE_FIELDS) {
    const value = values[field].trim();
    if (value !== (user[field] ?? '').trim()) changes[field] = value;
  }
  return changes;
}

/** Names are required at sign-up and the API refuses to blank them. */
export const REQUIRED_PROFILE_FIELDS: readonly EditableProfileField[] = ['first_name', 'last_name'];
