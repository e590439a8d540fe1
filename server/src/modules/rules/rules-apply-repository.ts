import { sql } from 'drizzle-orm';
import type { RuleAction, RuleCondition, RuleMode } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';
import { analysedRisk } from '../../domain/analysed-risk';
import { adFieldFacts, type AdFacts, type RuleVersion } from '../../rules/evaluate';
import { advertiserFactColumns, advertiserJoins, advertiserOf, type AdvertiserFactRow } from './advertiser-facts';

/**
 * The live run's SQL (docs/decisions/0030-moderation-rules.md): the rules that act, the facts of a
 * batch of just-analysed pending ads, the rejection reasons' texts, and what flags, routes and
 * priorities leave on the ads' rows. Decisions go through the shared pending guard
 * (server/src/db/ad-decision.ts) and the audit writer, as a moderator's do.
 */

const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Live and shadow rules as they are now: the row holds the current version (one read per batch). */
export async function actingRules(db: Executor): Promise<RuleVersion[]> {
  const rows = rowsOf<{
    id: string;
    name: string;
    mode: RuleMode;
    sort_order: number;
    conditions: RuleCondition[];
    action: RuleAction;
    version: number;
  }>(
    await db.execute(sql`select id, name, mode, sort_order, conditions, action, version
      from moderation_rules where mode in ('live', 'shadow') order by sort_order, id`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    mode: r.mode,
    order: Number(r.sort_order),
    conditions: r.conditions,
    action: r.action,
    version: Number(r.version),
  }));
}

/** A pending ad as the rules see it, with what earlier rules left on it and whether an admin holds it. */
export type PendingAd = {
  id: string;
  heading: string;
  userId: string | null;
  facts: AdFacts;
  labels: string[];
  queue: string | null;
  priority: number;
  /** An admin's live claim: a moderator is reviewing it. */
  claimed: boolean;
};

/**
 * The facts of these ads that are still pending, oldest first, in one statement: the ad's fields,
 * signals and risk, and its advertiser's facts (advertiser-facts.ts, shared with the backtest). Run in the analysis's transaction, after its write
 * locked the ads' rows, so no claim or decision slips in before the rules act.
 */
export async function pendingAdFacts(db: Executor, ids: readonly string[], now: Date): Promise<PendingAd[]> {
  if (!ids.length) return [];
  const at = now.toISOString();
  const result = await db.execute(sql`
    select a.id, a.heading, a.details, a.category, a.district, a.ad_type, a.price, a.signal_kinds,
      ${analysedRisk(sql`a.id`, sql`a.risk`)} as risk,
      a.user_id, a.rule_labels, a.rule_queue, a.rule_priority, ${advertiserFactColumns(now)},
      exists (select 1 from ad_claims cl where cl.ad_id = a.id and cl.expires_at > ${at}::timestamptz) as claimed
    from advertisements a ${advertiserJoins(sql`a.user_id`)}
    where a.id = any(${idArray(ids)}::uuid[]) and a.status = 'pending'
    order by a.posting_date, a.id`);
  type Row = AdvertiserFactRow & {
    id: string;
    heading: string;
    details: string;
    category: string;
    district: string;
    ad_type: string;
    price: number | null;
    signal_kinds: string[] | null;
    risk: number | null;
    user_id: string | null;
    rule_labels: string[] | null;
    rule_queue: string | null;
    rule_priority: number;
    claimed: boolean;
  };
  return rowsOf<Row>(result).map((r) => ({
    id: r.id,
    heading: r.heading,
    userId: r.user_id,
    labels: r.rule_labels ?? [],
    queue: r.rule_queue,
    priority: Number(r.rule_priority),
    claimed: r.claimed,
    facts: {
      ...adFieldFacts(r),
      advertiser: advertiserOf(r),
    },
  }));
}

/** The texts of these rejection reasons by id (a reason deleted since the rule was saved is absent). */
export async function reasonTexts(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  const valid = [...new Set(ids)].filter((id) => UUID.test(id));
  if (!valid.length) return new Map();
  const rows = rowsOf<{ id: string; text: string }>(
    await db.execute(sql`select id, text from rejection_reasons where id = any(${idArray(valid)}::uuid[])`),
  );
  return new Map(rows.map((r) => [r.id, r.text]));
}

/** What live flags, routes and priorities leave on an ad's row. */
export type RuleEffects = { adId: string; labels: string[]; queue: string | null; priority: number };

/** Writes the rules' effects on these ads, one statement for the batch. */
export async function writeEffects(db: Executor, effects: readonly RuleEffects[]): Promise<void> {
  if (!effects.length) return;
  // Each ad's labels travel as one JSON array (an array of arrays cannot be unnested per row).
  await db.execute(sql`
    update advertisements a set
      rule_labels = array(select jsonb_array_elements_text(t.labels::jsonb)),
      rule_queue = t.queue, rule_priority = greatest(a.rule_priority, t.priority)
    from unnest(${idArray(effects.map((e) => e.adId))}::uuid[], ${pgTextArray(effects.map((e) => JSON.stringify(e.labels)))}::text[],
      ${pgTextArray(effects.map((e) => e.queue))}::text[], ${`{${effects.map((e) => e.priority).join(',')}}`}::int[])
      as t(id, labels, queue, priority)
    where a.id = t.id`);
}

/** A text[] literal: every element quoted and escaped, null as NULL. */
function pgTextArray(values: readonly (string | null)[]): string {
  const element = (v: string | null) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
  return `{${values.map(element).join(',')}}`;
}
