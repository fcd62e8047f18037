import { API_PATHS, type UserRecord } from '@portal/shared-contracts/account';

/**
 * Where a stored picture is shown from. save_picture stores the upload's name, served at
 * `${accountApiUrl}/uploads/${name}`; full URLs (e.g. from an older record) pass through.
 */
export function pictureSrc(pictureUrl: string | null | undefined, accountApiUrl: string): string | null {
  const value = pictureUrl?.trim();
  if (!value) return null;
  if (/^(https?:|data:|blob:)/i.test(value)) return value;
  const base = accountApiUrl.replace(/\/+$/, '');
  if (value.startsWith('/')) return `${base}${value}`;
  return `${base}${API_PATHS.uploads}/${encodeURIComponent(value)}`;
}

/** Up to two letters for the avatar when there is no picture. */
export function initialsOf(user: Pick<UserRecord, 'first_name' | 'last_name' | 'username'> | null): string {
  if (!user) return '';
  const fromNames = [user.first_name, user.last_name]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  if (fromNames) return fromNames;
  return user.username.trim().slice(0, 2).toUpperCase();
}

export function displayNameOf(user: Pick<UserRecord, 'first_name' | 'last_name' | 'username'>): string {
  const full = [user.first_name, user.last_name].filter((part) => part && part.trim()).join(' ');
  return full || user.username;
}
