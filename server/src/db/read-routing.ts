import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { executePrepared, rowsOf, type Db, type Replica } from './client';

/**
 * Which database serves a request's list reads (docs/decisions/0037-read-replica.md). Without a
 * replica, always the primary. With one, the replica while it streams within the lag bound and has
 * replayed the asking admin's latest write (the WAL position kept on their sessions' rows after
 * each write); else the primary. Transactions and writes never come here: they use the primary.
 */

/** `streaming`: reads may go to the replica; `lagging` past the bound or `down`: they go to the primary. */
export type ReplicaState = 'streaming' | 'lagging' | 'down';
export type ReplicaStatus = { state: ReplicaState; lagMs: number | null };

/** What the choice needs of a request: its admin's session, as the admin guard resolved it. */
export type ReadingRequest = { session: { readAfterLsn: string | null } | null };
export type Reader = (request: ReadingRequest) => Db;

/** How often the replica's replayed position and lag are read (each time: one statement on each database). */
const CHECK_EVERY_MS = 200;
/** A check not answered by then counts the replica as down (as the pool's connection timeout does). */
const CHECK_TIMEOUT_MS = 5_000;

/** `16/B374D848` as a number that compares as the position does. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export class ReadRouting {
  private status: ReplicaStatus = { state: 'down', lagMs: null };
  private replayed = -1n;
  /** Positions the primary had reached, with when, that the replica had not yet replayed at the last check. */
  private unreplayed: { at: number; lsn: bigint }[] = [];
  private checking: Promise<ReplicaStatus> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly primary: Db,
    private readonly replica: Replica | undefined,
    private readonly maxLagMs: number,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  get hasReplica(): boolean {
    return this.replica !== undefined;
  }

  /** The executor for this request's list reads. */
  readonly reader: Reader = (request) => {
    const replica = this.replica;
    if (!replica || this.status.state !== 'streaming') return this.primary;
    const after = request.session?.readAfterLsn;
    return after && lsnValue(after) > this.replayed ? this.primary : replica.db;
  };

  /**
   * After an admin's write has committed: their reads stay on the primary until the replica has
   * replayed past this point. The insert position, not pg_current_wal_lsn() (the write position):
   * with synchronous_commit=off a commit returns before its record is written out.
   */
  async wrote(adminId: string): Promise<void> {
    await executePrepared(
      this.primary,
      'sessions_read_after_lsn',
      sql`update sessions set read_after_lsn = pg_current_wal_insert_lsn() where user_id = ${adminId}`,
    );
  }

  /** Reads the replica's state now (one check at a time; callers during one share it). */
  check(): Promise<ReplicaStatus> {
    if (!this.replica) return Promise.resolve(this.status);
    this.checking ??= this.measure(this.replica).finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Checks now, then every CHECK_EVERY_MS until closed; reads stay on the primary until the first answer. */
  start(): void {
    if (!this.replica) return;
    const next = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => void this.check().finally(next), CHECK_EVERY_MS);
      this.timer.unref();
    };
    void this.check().finally(next);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.checking;
  }

  /** One check; an error or no answer in CHECK_TIMEOUT_MS is a replica down. */
  private async measure(replica: Replica): Promise<ReplicaStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('read replica check timed out')), CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.positions(replica), timeout]);
    } catch (err) {
      if (this.status.state !== 'down') this.onError(err);
      this.unreplayed = [];
      return this.set({ state: 'down', lagMs: null });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The primary's position first, then the replica's: a replica that has replayed it was caught up
   * at that moment. The lag is how long ago the oldest position still not replayed was seen on the
   * primary: 0 on an idle primary however old its last commit (pg_last_xact_replay_timestamp() would
   * count that time), and growing when the replica stops receiving (a replica that compares its
   * received and replayed positions would see nothing missing).
   */
  private async positions(replica: Replica): Promise<ReplicaStatus> {
    const at = performance.now();
    const [current] = rowsOf<{ lsn: string }>(
      await this.primary.execute(sql`select pg_current_wal_lsn()::text as lsn`),
    );
    const [standby] = rowsOf<{ recovering: boolean; replayed: string | null }>(
      await replica.db.execute(
        sql`select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as replayed`,
      ),
    );
    // A promoted or unrelated server is not this primary's replica.
    if (!standby?.recovering || !standby.replayed) return this.set({ state: 'down', lagMs: null });
    const replayed = lsnValue(standby.replayed);
    const position = lsnValue(current!.lsn);
    this.replayed = replayed;
    if (position > replayed) this.unreplayed.push({ at, lsn: position });
    // A replica stopped for long keeps its oldest position; dropping the next ones only overstates the lag.
    if (this.unreplayed.length > 100) this.unreplayed.splice(1, 1);
    this.unreplayed = this.unreplayed.filter((p) => p.lsn > replayed);
    const oldest = this.unreplayed[0];
    const lagMs = oldest ? Math.round(performance.now() - oldest.at) : 0;
    return this.set({ state: lagMs > this.maxLagMs ? 'lagging' : 'streaming', lagMs });
  }

  private set(status: ReplicaStatus): ReplicaStatus {
    this.status = status;
    return status;
  }
}
