import { sql } from 'drizzle-orm';
import type { RuleAction, RuleCondition, RuleMode } from '@backoffice/contract';
import { rowsOf, type Db } from '../../src/db/client';
import { adminClient } from './ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from './factories';
import { analysed } from './signals-helpers';
import { buildTestApp, type TestApp } from './test-app';

/**
 * The live run of moderation rules under test (server/test/api/rules-apply*.test.ts): an app that
 * analyses new ads, rules written straight into moderation_rules (the row is the current version),
 * and reads of what the run left on an ad.
 */
export const RULE_REASON = 'Asking for a fee before a job is not allowed';

export type TestRule = {
  name: string;
  mode?: RuleMode;
  order?: number;
  conditions: RuleCondition[];
  action: RuleAction;
};

export async function rulesTestApp() {
  // Draws of 0.5: a rule's approval at rate 1 is sampled, a moderator's (2 %) is not.
  const t: TestApp = await buildTestApp({ analyseAds: true, random: () => 0.5 });
  const db = t.database.db;
  const admin = await makeAdmin(db, { name: 'Nimal Admin' });
  const cookie = await signIn(t.app, admin.email);
  const reasonId = rowsOf<{ id: string }>(
    await db.execute(sql`insert into rejection_reasons (title, text) values ('Fee', ${RULE_REASON}) returning id`),
  )[0]!.id;
  return { t, db, cookie, api: adminClient(t.app, cookie), reasonId, ...ruleReads(t, db) };
}

export const contains = (word: string): RuleCondition[] => [{ field: 'text', op: 'contains', value: word }];

type Entry = {
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  rejection_reason: string | null;
  details: { rule?: Record<string, unknown> } | null;
  entity_label: string;
  advertiser_id: string | null;
  submitted: boolean;
};

function ruleReads(t: TestApp, db: Db) {
  return {
    addRule: async (r: TestRule) =>
      rowsOf<{ id: string }>(
        await db.execute(sql`insert into moderation_rules (name, mode, sort_order, conditions, action)
          values (${r.name}, ${r.mode ?? 'live'}, ${r.order ?? 0}, ${JSON.stringify(r.conditions)}::jsonb,
            ${JSON.stringify(r.action)}::jsonb) returning id`),
      )[0]!.id,
    clearRules: () => db.execute(sql`delete from moderation_rules`),
    /** A new ad, analysed (and so judged by the rules) before this resolves. */
    newAd: async (over: Parameters<typeof makeAd>[1] = {}) => {
      const ad = await makeAd(db, { userId: (await makeUser(db)).id, ...over });
      await analysed(t.app, db, [ad.id]);
      return ad;
    },
    adRow: async (id: string) =>
      rowsOf<{
        status: string;
        rejection_reason: string | null;
        moderated_by: string | null;
        rule_labels: string[];
        rule_queue: string | null;
        rule_priority: number;
      }>(
        await db.execute(sql`select status, rejection_reason, moderated_by, rule_labels, rule_queue, rule_priority
          from advertisements where id = ${id}::uuid`),
      )[0]!,
    /** The ad's audit entries after its submission, in order. */
    entries: async (id: string) =>
      rowsOf<Entry>(
        await db.execute(sql`select action, actor_id, actor_name, rejection_reason, details, entity_label,
            advertiser_id, submitted_at is not null as submitted
          from audit_events where entity_id = ${id}::uuid and action <> 'submitted' order by at, id`),
      ),
    /** The messages to the ad's advertiser, without what delivery changes. */
    messages: async (id: string) =>
      rowsOf<Record<string, unknown>>(
        await db.execute(sql`select kind, channel, recipient, language, ad_heading, reason, user_id
          from advertiser_messages where ad_id = ${id}::uuid order by channel`),
      ),
    reviews: async (id: string) =>
      rowsOf<Record<string, unknown>>(
        await db.execute(sql`select decision, decided_by, decided_by_name, rule_id, rule_version
          from second_reviews where ad_id = ${id}::uuid`),
      ),
  };
}
