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

/**
 * One sign-in = one session = one refresh-token family (decision 0007). Every access and refresh
 * token carries the session id as `sid`; the refresh token also carries `jti`, which must equal
 * `refresh_jti` here. Rotation swaps `refresh_jti`; a refresh token whose jti is not the current
 * one is a reuse and revokes the whole session. Logout and password change/reset set `revoked_at`.
 */
export interface SessionsTable {
  /** Random UUID, the `sid` claim. */
  id: string;
  user_id: number;
  /** The jti of the one refresh token of this family that may still be used. */
  refresh_jti: string;
  created_at: string;
  last_used_at: string;
  /** When the family's last refresh token expires (rows past it may be purged). */
  expires_at: string;
  revoked_at: string | null;
  /** 'logout' | 'reuse' | 'password_changed' | 'password_reset' */
  revoked_reason: string | null;
}

export type MailKind = 'verification' | 'password_reset' | 'password_changed';
/** pending: waiting for (another) try; sent: delivered (or kept by the dev outbox); dead: gave up. */
export type MailStatus = 'pending' | 'sent' | 'dead';

/**
 * The transactional outbox (decision 0007 step 5, decision 0023): a mail row is written in the
 * same transaction as the change that needs it, and the delivery worker sends it later.
 * A claimed row's `next_attempt_at` is pushed out by the lease, so no other worker takes it;
 * `attempts` counts tries started and fences a worker whose lease ran out.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: MailKind;
  /** Lower-cased address. */
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** The one-time code the mail carries, for the dev outbox; null for notices. */
  code: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  /** Why the last try failed (kept when the row goes dead). */
  last_error: string | null;
  /** 'smtp' or 'dev-outbox' once sent. */
  delivered_via: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Which list of the player library a row belongs to (decision 0025). */
export type LibraryListKind = 'favourite' | 'recent';

/** Favourites and recently played games of an account: one row per (user, list, game). */
export interface PlayerLibraryTable {
  user_id: number;
  list: LibraryListKind;
  /** A catalogue game id (shared-contracts GAMES); checked on every write. */
  game_id: number;
  /** When it was favourited or last played, ISO-8601 UTC. */
  at: string;
}

/**
 * JWT signing keys (decision 0037): random 256-bit keys, stored encrypted (AES-256-GCM under a key
 * derived from the master secret, the kid as associated data). The newest key whose active_from
 * has come signs; earlier ones verify until the last token they signed has expired.
 */
export interface SigningKeysTable {
  kid: string;
  /** base64url of iv (12 bytes) | tag (16 bytes) | ciphertext. */
  key_wrapped: string;
  /** When it starts signing: a while after it is added, so every instance knows it by then. */
  active_from: string;
  /** 1: every earlier key stops verifying at active_from (a leaked key; signs everyone out). */
  retire_previous: number;
  created_at: string;
}

/** Plays of one game on one UTC day (YYYY-MM-DD). */
export interface GamePlayDaysTable {
  game_id: number;
  day: string;
  plays: number;
}

/** Without Redis: when a (device hash, game) last counted a play (ISO-8601 UTC). */
export interface PlaySeenTable {
  key: string;
  seen_at: string;
}

/** A thumbs up (1) or down (-1); voter is 'd:<device hash>' or 'u:<user id>'. */
export interface GameVotesTable {
  voter: string;
  game_id: number;
  vote: number;
  updated_at: string;
}

/** A player's report of a broken game; reporter is the device hash. */
export interface GameReportsTable {
  id: Generated<number>;
  game_id: number;
  reporter: string;
  /** UTC day of the report: one per reporter, game and day. */
  day: string;
  reason: string;
  text: string | null;
  created_at: string;
}

/** What one address or site ('a:<hash>' / 's:<hash>') spent of a daily bound (decision 0054). */
export interface PlayDataBoundsTable {
  /** 'plays', 'votes' or 'reports'. */
  action: string;
  game_id: number;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  source: string;
  used: number;
}

/** The client network an account last signed in or reset its password from, as a keyed hash. */
export interface OwnerNetworksTable {
  user_id: number;
  network: string;
  seen_at: string;
}

/** Each game's health as the link checker last judged it (decision 0058). */
export interface GameHealthTable {
  game_id: number;
  /** 'available' or 'unavailable'. */
  status: string;
  /** Failed checks in a row, counted rounds only (a round that failed for most games is not counted). */
  failures: number;
  last_checked_at: string | null;
  /** The last check's outcome: 'ok', 'http_error', 'refuses_framing', 'timeout' or 'unreachable'. */
  last_outcome: string | null;
  last_detail: string | null;
  /** When the status last changed. */
  changed_at: string;
  /** Set when players' reports pass the threshold: the checker looks at once, then clears it. */
  flagged_at: string | null;
}

/** Every check of every game, for the history (purged after GAME_CHECK_HISTORY_DAYS). */
export interface GameHealthChecksTable {
  id: Generated<number>;
  game_id: number;
  checked_at: string;
  outcome: string;
  http_status: number | null;
  detail: string | null;
  /** 0 when the round failed for most games (the checker's own network): kept, but not counted. */
  counted: number;
}

/** A periodic job run by one instance at a time: whoever holds an unexpired lease. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
  last_run_at: string | null;
}

export interface Database {
  game_health: GameHealthTable;
  game_health_checks: GameHealthChecksTable;
  job_leases: JobLeasesTable;
  users: UsersTable;
  mail_outbox: MailOutboxTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  wallets: WalletsTable;
  uploads: UploadsTable;
  player_library: PlayerLibraryTable;
  signing_keys: SigningKeysTable;
  game_play_days: GamePlayDaysTable;
  play_seen: PlaySeenTable;
  game_votes: GameVotesTable;
  game_reports: GameReportsTable;
  play_data_bounds: PlayDataBoundsTable;
  owner_networks: OwnerNetworksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;
export type WalletRow = Selectable<WalletsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
