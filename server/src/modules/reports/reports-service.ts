import { createHash, timingSafeEqual } from 'node:crypto';
import {
  reportMessages,
  type ListedReport,
  type PublicReportBody,
  type ReportListResponse,
  type ReportUpdateBody,
} from '@backoffice/contract';
import { recordAudit, recordAuditMany, type AuditEntry } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../lib/errors';
import type { AdvertiserOutbox } from '../../messages/advertiser-outbox';
import { WindowThrottle } from './report-throttle';
import { ReportGathering } from './report-gathering';
import { storeReport, type NewReport } from './report-intake-repository';
import * as repo from './reports-repository';

export type ReportsConfig = {
  /** PUBLIC_REPORT_TOKENS; empty: the intake answers 404. */
  tokens: string[];
  perTokenPerMinute: number;
  perAddressPerHour: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const digest = (s: string) => createHash('sha256').update(s).digest();
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toListedReport(r: repo.ReportRow): ListedReport {
  return {
    _id: r.id,
    kind: r.kind,
    reason: r.reason as ListedReport['reason'],
    text: r.text,
    page: r.page,
    count: Number(r.count),
    state: r.state,
    ...(r.kind === 'ad' || r.ad_heading !== null
      ? { ad: { _id: r.ad_id, heading: r.ad_heading ?? '', status: r.ad_status } }
      : {}),
    ...(r.reporter_email || r.reporter_phone || r.reporter_address
      ? { reporter: { email: r.reporter_email, phone: r.reporter_phone, address: r.reporter_address } }
      : {}),
    assignee: r.assignee_id ? { _id: r.assignee_id, name: r.assignee_name ?? '' } : null,
    note: r.note,
    reply: r.reply,
    replies: r.replies,
    createdAt: iso(r.created_at),
    closedAt: r.closed_at === null ? null : iso(r.closed_at),
  };
}

/** The cursor: the last row's id (its created_at is read from the row). */
const encodeCursor = (id: string) => Buffer.from(JSON.stringify(['r', id])).toString('base64url');
function decodeCursor(cursor: string): string {
  const bad = () => new ValidationError(reportMessages.badCursor, { cursor: reportMessages.badCursor });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || parsed[0] !== 'r') throw bad();
  if (typeof parsed[1] !== 'string' || !UUID.test(parsed[1])) throw bad();
  return parsed[1];
}

/** Who reported, for de-duplication and the reporter's record: the email, else the phone, else the address. */
function reporterKey(r: PublicReportBody['reporter']): string {
  if (r?.email) return `email:${r.email.toLowerCase()}`;
  if (r?.phone) return `phone:${r.phone.replace(/[^0-9+]/g, '')}`;
  if (r?.address) return `address:${r.address}`;
  return 'anonymous';
}

/** docs/product.md#bug-reports; docs/decisions/0034-reports.md. */
export class ReportsService {
  private readonly tokens: Buffer[];
  private readonly perToken: WindowThrottle;
  private readonly perAddress: WindowThrottle;
  private readonly gathering: ReportGathering;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly outbox: AdvertiserOutbox,
    config: ReportsConfig,
    log: { warn(obj: object, msg: string): void },
  ) {
    this.tokens = config.tokens.map(digest);
    this.perToken = new WindowThrottle(config.perTokenPerMinute, 60_000, clock);
    this.perAddress = new WindowThrottle(config.perAddressPerHour, 3_600_000, clock);
    this.gathering = new ReportGathering(db, log);
  }

  get enabled(): boolean {
    return this.tokens.length > 0;
  }

  /** The token's index among PUBLIC_REPORT_TOKENS (compared in constant time), or a 401. */
  checkToken(authorization: string | undefined): number {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const given = m ? digest(m[1]!) : null;
    let found = -1;
    this.tokens.forEach((t, i) => {
      if (given && timingSafeEqual(t, given) && found < 0) found = i;
    });
    if (found < 0) throw new UnauthorizedError(reportMessages.badToken);
    if (!this.perToken.hit(`token:${found}`)) {
      throw new TooManyRequestsError(reportMessages.throttled, this.perToken.retryAfterSeconds());
    }
    return found;
  }

  /** POST /api/public/reports after the token: the report stored (or counted), its effects on the ad recorded. */
  async submit(body: PublicReportBody): Promise<string> {
    if (body.kind === 'ad' && !body.adId) {
      throw new ValidationError(reportMessages.adIdRequired, { adId: reportMessages.adIdRequired });
    }
    if (body.kind === 'bug' && body.adId) {
      throw new ValidationError(reportMessages.adIdNotAllowed, { adId: reportMessages.adIdNotAllowed });
    }
    const address = body.reporter?.address;
    if (address && !this.perAddress.hit(address)) {
      throw new TooManyRequestsError(reportMessages.throttled, this.perAddress.retryAfterSeconds());
    }
    const at = this.clock();
    const report: NewReport = {
      kind: body.kind,
      adId: body.adId ?? null,
      reason: body.reason,
      text: body.text,
      page: body.page || null,
      email: body.reporter?.email?.toLowerCase() ?? null,
      phone: body.reporter?.phone ?? null,
      address: address ?? null,
      reporterKey: reporterKey(body.reporter),
      language: body.reporter?.language ?? 'en',
      day: at.toISOString().slice(0, 10),
      at,
    };
    // One statement (report-intake-repository.ts): the ad is locked before the insert, so a delete
    // waits for the report, or went first (404). Ad reports go in batches (report-gathering.ts).
    const stored = report.adId
      ? await this.gathering.store({ ...report, adId: report.adId })
      : await storeReport(this.db, report);
    if (!stored) throw new NotFoundError(reportMessages.adNotFound);
    return stored.id;
  }

  async list(q: repo.ReportFilter): Promise<ReportListResponse> {
    const after = q.cursor ? decodeCursor(q.cursor) : undefined;
    const { rows, total } = await repo.listReports(this.db, q, after);
    const page = rows.slice(0, q.pageSize);
    return {
      success: true,
      reports: page.map(toListedReport),
      ...(total === undefined ? {} : { total }),
      ...(rows.length > q.pageSize ? { nextCursor: encodeCursor(page.at(-1)!.id) } : {}),
    };
  }

  /** PUT /api/reports/{id}: assignment (to oneself), a note, a state, a reply with a closing state. */
  async update(id: string, body: ReportUpdateBody, adminId: string): Promise<ListedReport> {
    if (Object.values(body).every((v) => v === undefined)) throw new ValidationError(reportMessages.nothingToChange);
    if (body.assignee !== undefined && body.assignee !== null && body.assignee !== adminId) {
      throw new ValidationError(reportMessages.badAssignee, { assignee: reportMessages.badAssignee });
    }
    const at = this.clock();
    let replied = false;
    await this.db.transaction(async (tx) => {
      const before = await repo.findReport(tx, id, true);
      if (!before) throw new NotFoundError(reportMessages.notFound);
      const closing = body.state !== undefined && body.state !== 'open';
      if (closing && before.state !== 'open') throw new ConflictError(reportMessages.alreadyClosed);
      if (body.reply !== undefined) {
        if (!closing)
          throw new ValidationError(reportMessages.replyNeedsClose, { reply: reportMessages.replyNeedsClose });
        if (!before.reporter_email && !before.reporter_phone) {
          throw new ValidationError(reportMessages.noReporterAddress, { reply: reportMessages.noReporterAddress });
        }
      }
      const state = body.state !== undefined && body.state !== before.state ? body.state : undefined;
      await repo.updateReport(tx, id, {
        state,
        assigneeId: body.assignee,
        note: body.note === undefined ? undefined : body.note || null,
        reply: body.reply,
        closedBy: adminId,
        at,
      });
      if (state && before.kind === 'ad' && before.ad_id) {
        // Closing takes the report's weight off its ad; reopening puts it back.
        const weight = Number(before.weight);
        await repo.moveAdReports(tx, before.ad_id, state === 'open' ? 1 : -1, state === 'open' ? weight : -weight);
      }
      if (body.reply !== undefined) {
        const written = await repo.insertReplyMessages(
          tx,
          {
            reportId: id,
            adId: before.ad_id,
            heading: before.ad_heading ?? '',
            reply: body.reply,
            language: before.language,
          },
          { email: before.reporter_email, phone: before.reporter_phone },
          this.outbox.messageChannels(),
          at,
        );
        replied = written > 0;
      }
      const fields = (['state', 'assignee', 'note', 'reply'] as const).filter((k) => body[k] !== undefined);
      await recordAudit(tx, {
        entity: 'report',
        entityId: id,
        entityLabel: before.ad_heading ?? 'Bug report',
        action: 'updated',
        actorId: adminId,
        at,
        details: {
          fields,
          ...(state ? { from: before.state, to: state } : {}),
          ...(body.note ? { note: body.note } : {}),
        },
      });
    });
    if (replied) this.outbox.afterCommit();
    const after = await repo.findReport(this.db, id);
    return toListedReport(after!);
  }

  /** The Reported view's other action: every open report of the ad dismissed, its counters back to none. */
  async dismissAdReports(adId: string, adminId: string): Promise<number> {
    const at = this.clock();
    return this.db.transaction(async (tx) => {
      const ad = await repo.lockAd(tx, adId);
      if (!ad) throw new NotFoundError(reportMessages.adNotFound);
      const closed = await repo.dismissOpenReportsOf(tx, adId, adminId, at);
      if (!closed.length) return 0;
      await repo.moveAdReports(tx, adId, -closed.length, -closed.reduce((s, r) => s + Number(r.weight), 0));
      const entries: AuditEntry[] = closed.map((r) => ({
        entity: 'report',
        entityId: r.id,
        entityLabel: ad.heading,
        action: 'updated',
        actorId: adminId,
        at,
        details: { fields: ['state'], from: 'open', to: 'dismissed' },
      }));
      await recordAuditMany(tx, entries);
      return closed.length;
    });
  }
}
