import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clientNetwork } from '../http/rate-limits';

/**
 * The client network (an IPv4 address, an IPv6 /64) each account last proved itself from: a
 * sign-in with the password, or a password reset with a mailed code. Reset and verification
 * mails asked for from there have an allowance of their own, which requests from anywhere else
 * cannot spend (decision 0066). Stored as a keyed hash, one row per account.
 */
export class OwnerNetworks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Buffer,
    private readonly now: () => Date,
  ) {}

  private hashOf(ip: string): string {
    return createHmac('sha256', this.key).update(clientNetwork(ip)).digest('base64url');
  }

  async remember(userId: number, ip: string): Promise<void> {
    const network = this.hashOf(ip);
    const seen_at = this.now().toISOString();
    await this.db
      .insertInto('owner_networks')
      .values({ user_id: userId, network, seen_at })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ network, seen_at }))
      .execute();
  }

  /** Whether `ip` is in the network the account last proved itself from (false for no account: id 0). */
  async isOwners(userId: number, ip: string): Promise<boolean> {
    const row = await this.db.selectFrom('owner_networks').select('network').where('user_id', '=', userId).executeTakeFirst();
    return row?.network === this.hashOf(ip);
  }
}
