import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Tables as the typed SQL layer sees them. Portable across SQLite and PostgreSQL:
 * timestamps are ISO-8601 UTC text (sortable as text), flags are 0/1 integers.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username; unique, so "Alice" and "alice" cannot both exist. */
  username_key: string;
  /** Stored lower-cased; unique. */
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  picture_url: string | null;
  dob: string | null;
  gender: string | null;
  phone: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  postal_code: string | null;
  street_address_1: string | null;
  street_address_2: string | null;
  email_verified: number;
  /** Bumped on every password change; tokens carrying an older value stop working. */
  token_version: number;
  created_at: string;
  updated_at: string;
}

export type CodePurpose = 'verify_email' | 'reset_password' | 'activation';

/** One-time secrets sent by mail: 6-digit codes and activation link tokens. */
export interface OneTimeCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: CodePurpose;
  /** HMAC of the secret; the secret itself is never stored. */
  secret_hash: string;
  expires_at: string;
  /** Wrong guesses so far; the code locks at MAX_CODE_ATTEMPTS. */
  attempts: number;
  created_at: string;
}

export interface WalletsTable {
  user_id: number;
  balance: number;
  currency: string;
  updated_at: string;
}

export interface UploadsTable {
  name: string;
  user_id: number;
  content_type: string;
  size: number;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  wallets: WalletsTable;
  uploads: UploadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;
export type WalletRow = Selectable<WalletsTable>;
