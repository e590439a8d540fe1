import type { Db } from '../../db/client';
import { storeReport, storeReports, type BatchedReport, type NewReport } from './report-intake-repository';

/**
 * How long the first report of a batch waits for others (docs/decisions/0034-reports.md, "Reports
 * gathered"): at 200 a second, about 20 a batch. Each batch costs a statement, a commit and a live
 * event whatever its size, taken from the admins' screens; the public site's server waits this much
 * longer for its 201.
 */
export const GATHER_REPORTS_MS = 100;
/** The most reports one statement stores. */
const MAX_BATCH = 200;

type Stored = { id: string } | undefined;
type Log = { warn(obj: object, msg: string): void };
type Waiting = {
  report: NewReport & { adId: string };
  resolve: (stored: Stored) => void;
  reject: (err: unknown) => void;
};

/**
 * Reports of ads stored a batch at a time (group commit): the first waits `gatherMs`, the ones that
 * come meanwhile join it, and the batch is one statement (storeReports), one round trip and one
 * commit instead of one each; those that come while a batch is stored wait for the next (a full
 * batch goes at once). Repeats of one reporter, ad and day in a batch are one row counted `n` times, as one after the
 * other would have been. If the batch's statement fails, each of its reports is stored alone
 * (storeReport), so every caller gets its own answer.
 */
export class ReportGathering {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private storing = false;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly gatherMs = GATHER_REPORTS_MS,
  ) {}

  /** The report's id once stored (a repeat's: the row it counts on); undefined when its ad does not exist. */
  store(report: NewReport & { adId: string }): Promise<Stored> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ report, resolve, reject });
      if (!this.storing) this.timer ??= setTimeout(() => void this.flush(), this.gatherMs);
    });
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    this.storing = true;
    try {
      do await this.storeBatch(this.waiting.splice(0, MAX_BATCH));
      while (this.waiting.length >= MAX_BATCH);
    } finally {
      this.storing = false;
      // Those that came while the batch was stored wait for the next (stored at once, one or two
      // of them would each be a statement).
      if (this.waiting.length > 0) this.timer ??= setTimeout(() => void this.flush(), this.gatherMs);
    }
  }

  private async storeBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return this.storeAlone(batch[0]!);
    // Repeats of one (reporter, ad, day) folded into the first's row.
    const rows: BatchedReport[] = [];
    const rowOf = new Map<string, number>();
    const row = batch.map(({ report }) => {
      const key = `${report.reporterKey}\n${report.adId}\n${report.day}`;
      const at = rowOf.get(key);
      if (at !== undefined) {
        rows[at]!.n += 1;
        rows[at]!.updatedAt = report.at;
        return at;
      }
      rowOf.set(key, rows.length);
      return rows.push({ ...report, n: 1, updatedAt: report.at }) - 1;
    });
    let ids: Map<number, string>;
    try {
      ids = await storeReports(this.db, rows);
    } catch (err) {
      // One report's fault (or a deadlock) must not answer for the others: each alone.
      this.log.warn({ err, reports: batch.length }, 'a batch of reports failed: each stored alone');
      for (const w of batch) await this.storeAlone(w);
      return;
    }
    batch.forEach((w, i) => {
      const id = ids.get(row[i]!);
      w.resolve(id === undefined ? undefined : { id });
    });
  }

  private async storeAlone(w: Waiting): Promise<void> {
    try {
      w.resolve(await storeReport(this.db, w.report));
    } catch (err) {
      w.reject(err);
    }
  }
}
