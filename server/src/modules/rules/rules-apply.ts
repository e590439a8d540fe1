import {
  DECIDING_ACTIONS,
  MIN_APPROVE_SAMPLE_RATE,
  ruleActorName,
  type AuditDetails,
  type RuleActionType,
} from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import { moderatePending } from '../../db/ad-decision';
import { recordAudit, recordAuditMany, type AuditEntry } from '../../domain/audit-writer';
import type { Db, Executor, Tx } from '../../db/client';
import { maybeSampleDecision } from '../../db/second-review-sampling';
import type { Clock } from '../../lib/clock';
import type { AdvertiserOutbox } from '../../messages/advertiser-outbox';
import { compileRule, inRunOrder, type CompiledRule } from '../../rules/evaluate';
import * as repo from './rules-apply-repository';

/**
 * The live run of the moderation rules (docs/decisions/0030-moderation-rules.md), right after the
 * analysis writes a batch's signals, in that write's transaction. The live and shadow rules are
 * read once for the batch, so each ad is judged by one version of each rule even while an admin
 * edits them. Per pending ad, in run order:
 * - shadow: a `rule_matched` entry saying what the rule would have done, nothing else;
 * - live flag / route / prioritise: the label, queue or priority on the ad's row, and a
 *   `rule_matched` entry;
 * - live reject / approve: the ad decided as a moderator decides it (the pending guard, an
 *   `approved`/`rejected` entry by "Rule: NAME", the advertiser's message in the outbox, an
 *   approval sampled into second review at the rule's rate), and the ad's run ends there.
 * An ad a moderator holds (a live claim) is theirs to decide: a deciding rule that matches it
 * writes a `rule_matched` entry instead (what it would have done), and the run ends as it would.
 */
export type RuleRunDeps = {
  clock: Clock;
  outbox: AdvertiserOutbox;
  /** Draws whether an approval is sampled into second review (tests pass their own). */
  random?: () => number;
};

/** What the run did: `decided` ads have messages waiting for the outbox's afterCommit. */
export type RuleRunOutcome = { decided: number; matched: number };

type RuleDetails = NonNullable<AuditDetails['rule']>;

const ruleDetails = (rule: CompiledRule, mode: RuleDetails['mode']): RuleDetails => ({
  _id: rule.id,
  name: rule.name,
  version: rule.version,
  mode,
  action: rule.action.type,
  ...(rule.action.label ? { label: rule.action.label } : {}),
  ...(rule.action.queue ? { queue: rule.action.queue } : {}),
});

const deciding = (type: RuleActionType) => DECIDING_ACTIONS.includes(type);

type Decision = { ad: repo.PendingAd; rule: CompiledRule; reason: string | null };

/** Runs the rules on these ads (those still pending); call inside the transaction that wrote their signals. */
export async function applyRules(tx: Executor, adIds: readonly string[], deps: RuleRunDeps): Promise<RuleRunOutcome> {
  const outcome: RuleRunOutcome = { decided: 0, matched: 0 };
  if (!adIds.length) return outcome;
  const rules = inRunOrder(await repo.actingRules(tx)).map(compileRule);
  if (!rules.length) return outcome;
  const at = deps.clock();
  const ads = await repo.pendingAdFacts(tx, adIds, at);
  if (!ads.length) return outcome;
  const reasons = await repo.reasonTexts(
    tx,
    rules.flatMap((r) =>
      r.mode === 'live' && r.action.type === 'reject' && r.action.reasonId ? [r.action.reasonId] : [],
    ),
  );

  const entries: AuditEntry[] = [];
  const effects: repo.RuleEffects[] = [];
  const decisions: Decision[] = [];
  for (const ad of ads) {
    const entry = (rule: CompiledRule, mode: RuleDetails['mode']): AuditEntry => ({
      entity: 'ad',
      entityId: ad.id,
      entityLabel: ad.heading,
      advertiserId: ad.userId,
      action: 'rule_matched',
      actorId: null,
      actorName: ruleActorName(rule.name),
      at,
      details: { rule: ruleDetails(rule, mode) },
    });
    const effect: repo.RuleEffects = { adId: ad.id, labels: [...ad.labels], queue: ad.queue, priority: ad.priority };
    let changed = false;
    for (const rule of rules) {
      if (!rule.test(ad.facts)) continue;
      const { action } = rule;
      if (rule.mode === 'shadow') {
        entries.push(entry(rule, 'shadow'));
        continue;
      }
      if (deciding(action.type)) {
        const reason = action.type === 'reject' ? (reasons.get(action.reasonId ?? '') ?? null) : null;
        // A rejection whose reason was deleted since cannot be written: the rule does not act.
        if (action.type === 'reject' && reason === null) continue;
        if (ad.claimed) entries.push(entry(rule, 'live'));
        else decisions.push({ ad, rule, reason });
        break; // the first deciding live rule ends the ad's run
      }
      entries.push(entry(rule, 'live'));
      if (action.type === 'flag' && action.label && !effect.labels.includes(action.label)) {
        effect.labels.push(action.label);
        changed = true;
      } else if (action.type === 'route' && action.queue && effect.queue !== action.queue) {
        effect.queue = action.queue;
        changed = true;
      } else if (action.type === 'prioritise' && effect.priority < 1) {
        effect.priority = 1;
        changed = true;
      }
    }
    if (changed) effects.push(effect);
  }

  // The entries before the decisions: an ad's history reads in its run's order.
  await recordAuditMany(tx, entries);
  await repo.writeEffects(tx, effects);
  outcome.matched = entries.length;
  for (const d of decisions) if (await decide(tx, d, at, deps)) outcome.decided++;
  return outcome;
}

/**
 * The analysis's write transaction with the rules after it (docs/decisions/0030-moderation-rules.md):
 * `write` stores the signals and answers the ads it wrote; the rules then run on them in the same
 * transaction, in a savepoint, so a rule run that fails leaves the signals written and is logged
 * (the ads stay pending for the moderators). The decisions' messages are relayed after the commit.
 * Without `rules` (the backfill, the demo seed) it is the write alone.
 */
export async function writeWithRules(
  db: Db,
  deps: { rules?: RuleRunDeps; log?: Pick<FastifyBaseLogger, 'warn'> },
  write: (tx: Tx) => Promise<string[]>,
): Promise<string[]> {
  const { rules, log } = deps;
  const [written, decided] = await db.transaction(async (tx) => {
    const ids = await write(tx);
    if (!rules || !ids.length) return [ids, 0] as const;
    try {
      return [ids, (await tx.transaction((sp) => applyRules(sp, ids, rules))).decided] as const;
    } catch (err) {
      log?.warn({ err, adIds: ids }, 'moderation rules failed on analysed ads; they stay pending');
      return [ids, 0] as const;
    }
  });
  if (decided) rules?.outbox.afterCommit();
  return written;
}

/** One ad decided by a live rule, through the path a moderator's decision takes (AdsService.setStatus). */
async function decide(tx: Executor, { ad, rule, reason }: Decision, at: Date, deps: RuleRunDeps): Promise<boolean> {
  const status: 'approved' | 'rejected' = rule.action.type === 'approve' ? 'approved' : 'rejected';
  const row = await moderatePending(tx, ad.id, { status, rejectionReason: reason, adminId: null, at });
  if (!row) return false;
  const message = { adId: row.id, userId: row.userId, kind: status, heading: row.heading, reason };
  await recordAudit(
    tx,
    {
      entity: 'ad',
      entityId: row.id,
      entityLabel: row.heading,
      advertiserId: row.userId,
      action: status,
      actorId: null,
      actorName: ruleActorName(rule.name),
      at,
      rejectionReason: reason,
      submittedAt: row.postingDate,
      details: { rule: ruleDetails(rule, 'live') },
    },
    deps.outbox.messagesOf([message]),
  );
  if (status === 'approved') {
    const rate = Math.max(rule.action.sampleRate ?? MIN_APPROVE_SAMPLE_RATE, MIN_APPROVE_SAMPLE_RATE);
    await maybeSampleDecision(
      tx,
      {
        adId: row.id,
        adHeading: row.heading,
        decision: 'approved',
        rejectionReason: null,
        decidedAt: at,
        rule: { id: rule.id, name: rule.name, version: rule.version },
      },
      rate,
      deps.random,
    );
  }
  return true;
}
