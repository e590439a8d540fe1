import { sql } from 'drizzle-orm';
import type { SecondReview } from '@backoffice/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client';
import { DEMO_ADS, type DemoSeeded } from '../../../src/seed/demo';
import type { SeededDemo } from '../../support/demo-fixture';
import { DEMO_LIVE_RULES, SENIOR_QUEUE } from '../../../src/seed/demo-rules';
import { DEMO_BLOCKED_PHONE } from '../../../src/seed/demo-signals';
import { makeAdmin, signIn } from '../../support/factories';
import { ORIGIN, type TestApp } from '../../support/test-app';

/** Every signal kind the demo's text-only analysis can find (not duplicate_image, stolen_image). */
const TEXT_KINDS = [
  'duplicate_text',
  'contact_in_text',
  'invalid_phone',
  'phone_reuse',
  'blocked_phone',
  'price_outlier',
  'risky_phrase',
  'new_account',
];

/**
 * The first-start demo shows every text-side trust signal, live moderation rules that acted on its
 * pending ads, and second reviews in each state (docs/decisions/0015-demo-data-and-admins.md).
 */
export const signalsRulesReviews = (seeded: { get(): SeededDemo }) =>
  describe('signals, rules and second reviews', () => {
    let t: TestApp;
    let demo: DemoSeeded;
    let cookie = '';
    const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
    const get = async <T>(url: string): Promise<T> => {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie, origin: ORIGIN } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };

    beforeAll(async () => {
      ({ t, demo } = seeded.get());
      const admin = await makeAdmin(t.database.db);
      cookie = await signIn(t.app, admin.email);
    });

    it('shows every text-side signal kind on at least one pending ad', async () => {
      const found = await rows<{ kind: string }>(sql`
      select distinct k as kind from advertisements, unnest(signal_kinds) k where status = 'pending'`);
      expect(found.map((r) => r.kind).sort()).toEqual(expect.arrayContaining([...TEXT_KINDS].sort()));
      // The blocked number was blocked by a demo moderator, through the audited path.
      const [entry] = await rows<{ actor: string }>(sql`
      select actor_name as actor from audit_events where entity = 'phone' and action = 'created'`);
      expect(demo.moderators.map((m) => m.name)).toContain(entry?.actor);
      const [blocked] = await rows<{ n: number }>(sql`
      select count(*)::int as n from advertisements where phone1 = ${DEMO_BLOCKED_PHONE} and 'blocked_phone' = any(signal_kinds)`);
      expect(blocked?.n).toBe(1);
      // Contact details of each kind planted: the Singlish number as digits, the email, the handle.
      const contacts = await rows<{ type: string; phone: string | null }>(sql`
      select c->>'type' as type, c->>'phone' as phone
      from ad_signals s join advertisements a on a.id = s.ad_id,
        jsonb_array_elements(s.evidence->'contacts') c
      where s.kind = 'contact_in_text' and a.status = 'pending'`);
      expect(contacts).toContainEqual({ type: 'phone', phone: '+94774582196' });
      expect(contacts.map((c) => c.type)).toEqual(expect.arrayContaining(['email', 'handle']));
    });

    it('keeps the demo ads and their statuses: no rule decided any', async () => {
      const [counts] = await rows<{ n: number; approved: number; rejected: number }>(sql`
      select count(*)::int as n, count(*) filter (where status = 'approved')::int as approved,
        count(*) filter (where status = 'rejected')::int as rejected from advertisements`);
      expect(counts).toEqual({ n: DEMO_ADS, approved: demo.summary.approved, rejected: demo.summary.rejected });
      const [byRule] = await rows<{ n: number }>(sql`
      select count(*)::int as n from audit_events where action in ('approved', 'rejected') and actor_id is null`);
      expect(byRule?.n).toBe(0);
    });

    it('ran each live demo rule on at least one pending ad, and the shadow rejection on the riskiest', async () => {
      const fired = await rows<{ name: string; mode: string; n: number }>(sql`
      select details->'rule'->>'name' as name, details->'rule'->>'mode' as mode, count(*)::int as n
      from audit_events where action = 'rule_matched' group by 1, 2`);
      for (const name of DEMO_LIVE_RULES) expect(fired).toContainEqual({ name, mode: 'live', n: expect.any(Number) });
      expect(fired).toContainEqual({ name: 'High risk: advance payment', mode: 'shadow', n: expect.any(Number) });
      const queue = await get<{ total: number }>(
        `/api/advertisements/count?status=pending&queue=${encodeURIComponent(SENIOR_QUEUE)}`,
      );
      expect(queue.total).toBeGreaterThan(0);
      const [flagged] = await rows<{ n: number; prioritised: number }>(sql`
      select count(*) filter (where 'Contact in text' = any(rule_labels))::int as n,
        count(*) filter (where rule_priority > 0)::int as prioritised from advertisements where status = 'pending'`);
      expect(flagged!.n).toBeGreaterThan(0);
      expect(flagged!.prioritised).toBeGreaterThan(0);
    });

    it('has second reviews open, disagreed and answered, each answered by a colleague', async () => {
      const list = (state: string) => get<{ items: SecondReview[] }>(`/api/second-reviews?state=${state}&pageSize=50`);
      const [open, disagreed, answered] = await Promise.all([list('open'), list('disagreed'), list('answered')]);
      expect(open.items.length).toBeGreaterThan(0);
      expect(disagreed.items.length).toBe(1);
      expect(answered.items.map((i) => i.answer).sort()).toEqual(['agree', 'agree', 'disagree']);
      const reviews = await rows<{ decider: string; reviewer: string | null }>(sql`
      select decided_by as decider, reviewer_id as reviewer from second_reviews where answer is not null`);
      for (const r of reviews) expect(r.reviewer).not.toBe(r.decider);
    });
  });
