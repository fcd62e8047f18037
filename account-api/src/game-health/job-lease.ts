import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Leadership of one periodic job across API instances: a row per job naming its holder until
 * `expires_at`. Taking or renewing it is one conditional upsert (INSERT … ON CONFLICT DO UPDATE
 * … WHERE), which SQLite and PostgreSQL both run atomically, so at most one instance holds an
 * unexpired lease. A holder that dies is replaced once its lease runs out.
 */
export class JobLease {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly name: string,
    private readonly holder: string,
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  /** Takes the lease if it is free or expired, renews it if this holder has it; true when this holder leads. */
  async acquire(): Promise<boolean> {
    const at = this.now();
    const expires = new Date(at.getTime() + this.ttlMs).toISOString();
    await this.db
      .insertInto('job_leases')
      .values({ name: this.name, holder: this.holder, expires_at: expires, last_run_at: null })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet({ holder: this.holder, expires_at: expires })
          .where((eb) => eb.or([eb('job_leases.holder', '=', this.holder), eb('job_leases.expires_at', '<', at.toISOString())])),
      )
      .execute();
    const row = await this.db.selectFrom('job_leases').select('holder').where('name', '=', this.name).executeTakeFirst();
    return row?.holder === this.holder;
  }

  /** Lets go (a clean shutdown), so another instance takes over at its next tick. */
  async release(): Promise<void> {
    await this.db
      .updateTable('job_leases')
      .set({ expires_at: new Date(0).toISOString() })
      .where('name', '=', this.name)
      .where('holder', '=', this.holder)
      .execute();
  }

  /** When the job last ran to its end (any holder), or null. */
  async lastRun(): Promise<Date | null> {
    const row = await this.db.selectFrom('job_leases').select('last_run_at').where('name', '=', this.name).executeTakeFirst();
    return row?.last_run_at ? new Date(row.last_run_at) : null;
  }

  async markRun(at: Date): Promise<void> {
    await this.db.updateTable('job_leases').set({ last_run_at: at.toISOString() }).where('name', '=', this.name).execute();
  }
}
