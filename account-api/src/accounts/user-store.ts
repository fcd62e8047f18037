import type { Kysely, Transaction } from 'kysely';
import type { UserRecord } from '@portal/shared-contracts/account';
import { isUniqueViolation } from '../db/connect';
import type { Database, UserRow, UserUpdate } from '../db/schema';

export const DEFAULT_CURRENCY = 'COINS';

export interface NewAccount {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

export type CreateAccountResult = { ok: true; user: UserRow } | { ok: false; taken: 'email' | 'username' };

/** Case-insensitive keys: addresses and usernames are compared lower-cased. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
export const usernameKey = (username: string): string => username.trim().toLowerCase();

/** What GET-user-info returns: the row minus secrets and internals (product §3 + identity). A literal: one shape, no per-call arrays. */
export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    email_verified: row.email_verified === 1,
    created_at: row.created_at,
    first_name: row.first_name,
    last_name: row.last_name,
    picture_url: row.picture_url,
    dob: row.dob,
    gender: row.gender,
    phone: row.phone,
    country: row.country,
    state: row.state,
    city: row.city,
    postal_code: row.postal_code,
    street_address_1: row.street_address_1,
    street_address_2: row.street_address_2,
  };
}

export class UserStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
  ) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', emailKey(email)).executeTakeFirst();
  }

  /** The login field takes an email or a username ("Email / User ID", product §2). */
  findByLogin(identifier: string): Promise<UserRow | undefined> {
    const key = identifier.trim().toLowerCase();
    const column = key.includes('@') ? 'email' : 'username_key';
    return this.db.selectFrom('users').selectAll().where(column, '=', key).executeTakeFirst();
  }

  /**
   * Creates the user and an empty wallet together; a taken email or username is an answer, not an error.
   * `alsoInTransaction` runs in the same transaction (its codes and mail commit with the account).
   */
  async create(
    account: NewAccount,
    alsoInTransaction?: (trx: Kysely<Database>, user: UserRow) => Promise<void>,
  ): Promise<CreateAccountResult> {
    const email = emailKey(account.email);
    const key = usernameKey(account.username);
    const clash = await this.db
      .selectFrom('users')
      .select(['email', 'username_key'])
      .where((eb) => eb.or([eb('email', '=', email), eb('username_key', '=', key)]))
      .executeTakeFirst();
    if (clash) return { ok: false, taken: clash.email === email ? 'email' : 'username' };
    const at = this.now().toISOString();
    try {
      const user = await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            username: account.username.trim(),
            username_key: key,
            email,
            password_hash: account.passwordHash,
            first_name: account.firstName,
            last_name: account.lastName,
            email_verified: 0,
            token_version: 0,
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('wallets')
          .values({ user_id: row.id, balance: 0, currency: DEFAULT_CURRENCY, updated_at: at })
          .execute();
        await alsoInTransaction?.(trx, row);
        return row;
      });
      return { ok: true, user };
    } catch (error) {
      // Two sign-ups racing for the same name: the unique index decides.
      if (!isUniqueViolation(error)) throw error;
      const again = await this.findByEmail(email);
      return { ok: false, taken: again ? 'email' : 'username' };
    }
  }

  async update(id: number, changes: Omit<UserUpdate, 'id' | 'updated_at'>): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ ...changes, updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** New password; bumping token_version signs out every session issued before. */
  async setPassword(
    id: number,
    passwordHash: string,
    executor: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<UserRow> {
    return executor
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        token_version: eb('token_version', '+', 1),
        updated_at: this.now().toISOString(),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Deletes accounts never verified within `olderThanMs` of sign-up (abandoned, or signed up with
   * someone else's address); their codes, sessions, wallet and upload rows go with them (cascade).
   */
  async purgeUnverified(olderThanMs: number): Promise<number> {
    const before = new Date(this.now().getTime() - olderThanMs).toISOString();
    const result = await this.db
      .deleteFrom('users')
      .where('email_verified', '=', 0)
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async markEmailVerified(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ email_verified: 1, updated_at: this.now().toISOString() })
        .where('id', '=', id)
        .execute();
      // Outstanding verification codes and links have done their job.
      await trx
        .deleteFrom('one_time_codes')
        .where('user_id', '=', id)
        .where('purpose', 'in', ['verify_email', 'activation'])
        .execute();
    });
  }
}
