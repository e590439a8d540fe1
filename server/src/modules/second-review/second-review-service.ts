import {
  secondReviewMessages,
  type AuditDetails,
  type SecondReview,
  type SecondReviewAnswer,
  type SecondReviewSettleAction,
} from '@backoffice/contract';
import { recordAudit } from '../../domain/audit-writer';
import type { Db, Executor } from '../../db/client';
import { secondReviewRate } from '../../db/second-review-sampling';
import type { Clock } from '../../lib/clock';
import { ConflictError, NotFoundError } from '../../lib/errors';
import * as repo from './second-review-repository';

/** Agreement is counted over answers of the last 30 days. */
const AGREEMENT_DAYS = 30;

/**
 * The item as the API answers it. Until it is answered the first decision (its outcome, maker,
 * reason, time and rule, and so the ad's status) is left out: the reviewer judges the ad, not the
 * moderator.
 */
export function toSecondReview({ review: r, adStatus, adHeading }: repo.ReviewWithAd): SecondReview {
  return {
    _id: r.id,
    ad: { _id: r.adId, heading: adHeading ?? r.adHeading, status: r.answer === null ? null : (adStatus ?? 'deleted') },
    sampledAt: r.sampledAt.toISOString(),
    decision:
      r.answer === null
        ? null
        : {
            status: r.decision,
            rejectionReason: r.rejectionReason,
            by: r.decidedByName,
            byRule: r.ruleId ? { _id: r.ruleId, version: r.ruleVersion ?? 1 } : null,
            at: r.decidedAt.toISOString(),
          },
    answer: r.answer,
    note: r.note,
    reviewer: r.reviewerName,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    settledAt: r.settledAt?.toISOString() ?? null,
  };
}

/** What every audit entry of a review says of its ad. */
const adEntry = (found: repo.ReviewWithAd) =>
  ({
    entity: 'ad',
    entityId: found.review.adId,
    entityLabel: found.adHeading ?? found.review.adHeading,
    advertiserId: found.adUserId,
  }) as const;

export class SecondReviewService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(
    q: { state: repo.ReviewListState; pageSize: number; after?: string; categories?: string[] | null },
    viewerId: string,
  ) {
    const rows = await repo.listPage(this.db, { ...q, viewerId, limit: q.pageSize + 1 });
    const page = rows.slice(0, q.pageSize);
    return {
      success: true as const,
      items: page.map(toSecondReview),
      next: rows.length > q.pageSize ? page[page.length - 1]!.review.id : null,
    };
  }

  /**
   * Another moderator's agree or disagree, once. The ad is left as it is (approved and rejected are
   * permanent); the entry on the ad names the rule when a rule decided, so the rule's figures count
   * a disagreement as overturned.
   */
  async answer(id: string, body: { answer: SecondReviewAnswer; note?: string }, reviewerId: string) {
    const at = this.clock();
    const note = body.note ? body.note : null;
    return this.db.transaction(async (tx) => {
      const answered = await repo.answerReview(tx, id, { reviewerId, answer: body.answer, note, at });
      const found = await repo.findReview(tx, id);
      if (!found) throw new NotFoundError(secondReviewMessages.notFound);
      if (!answered) {
        if (found.review.decidedBy === reviewerId) throw new ConflictError(secondReviewMessages.ownDecision);
        throw new ConflictError(secondReviewMessages.answered);
      }
      const details: AuditDetails = { to: body.answer, ...(note ? { note } : {}) };
      const rule = await this.ruleOf(tx, found.review);
      if (rule) details.rule = rule;
      await recordAudit(tx, { ...adEntry(found), action: 'second_reviewed', actorId: reviewerId, at, details });
      return { success: true as const, item: toSecondReview(found) };
    });
  }

  /**
   * A senior moderator's action on a disagreement, recorded once: the ad deleted (through its own
   * Delete first, which messages the advertiser), its advertiser contacted, or the first decision
   * kept. It leaves the disagreed list.
   */
  async settle(id: string, body: { action: SecondReviewSettleAction; note?: string }, adminId: string) {
    const at = this.clock();
    const note = body.note ? body.note : null;
    return this.db.transaction(async (tx) => {
      const before = await repo.findReview(tx, id);
      if (!before) throw new NotFoundError(secondReviewMessages.notFound);
      if (body.action === 'deleted' && (await repo.adExists(tx, before.review.adId))) {
        throw new ConflictError(secondReviewMessages.deleteFirst);
      }
      const settled = await repo.settleReview(tx, id, at);
      if (!settled) {
        const now = await repo.findReview(tx, id);
        if (now?.review.answer === 'disagree') throw new ConflictError(secondReviewMessages.settled);
        throw new ConflictError(secondReviewMessages.notDisagreed);
      }
      await recordAudit(tx, {
        ...adEntry(before),
        action: 'second_reviewed',
        actorId: adminId,
        at,
        details: { from: 'disagree', to: body.action, ...(note ? { note } : {}) },
      });
      return { success: true as const, item: toSecondReview({ ...before, review: settled }) };
    });
  }

  async rate(): Promise<number> {
    return secondReviewRate(this.db);
  }

  /** The share of moderators' decisions sampled from now on; the change is an audit entry. */
  async setRate(rate: number, adminId: string): Promise<number> {
    const at = this.clock();
    await this.db.transaction(async (tx) => {
      await repo.lockRate(tx);
      const from = await secondReviewRate(tx);
      await repo.writeRate(tx, rate, adminId, at);
      await recordAudit(tx, {
        entity: 'setting',
        entityId: null,
        entityLabel: 'Second review rate',
        action: 'updated',
        actorId: adminId,
        at,
        details: { fields: ['rate'], from: String(from), to: String(rate) },
      });
    });
    return rate;
  }

  /** Per moderator and per rule: decisions reviewed and agreed with over the last 30 days. */
  async agreement() {
    const since = new Date(this.clock().getTime() - AGREEMENT_DAYS * 86_400_000);
    const rows = await repo.agreement(this.db, since);
    return {
      success: true as const,
      rows: rows.map((r) => ({ kind: r.kind, _id: r.id, name: r.name, reviewed: r.reviewed, agreed: r.agreed })),
    };
  }

  /** The rule a review's decision came from, as its audit entries name it. */
  private async ruleOf(tx: Executor, r: repo.ReviewRow): Promise<AuditDetails['rule']> {
    if (!r.ruleId) return undefined;
    const version = r.ruleVersion ?? 1;
    const saved = await repo.ruleVersion(tx, r.ruleId, version);
    return {
      _id: r.ruleId,
      name: saved?.name ?? r.decidedByName.replace(/^Rule: /, ''),
      version,
      mode: 'live',
      action: saved?.action ?? (r.decision === 'approved' ? 'approve' : 'reject'),
    };
  }
}
