import { ruleBody, type RuleBody } from '@backoffice/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { RulesService } from '../modules/rules/rules-service';
import type { DemoModerator } from './demo-moderators';

const DAY = 86_400_000;

/** The demo's live rules (each fires on at least one demo ad, as the demo's test checks). */
export const DEMO_LIVE_RULES = ['Contact in text', 'Reposts first', 'Job fees to senior review'] as const;
export const SENIOR_QUEUE = 'Senior review';

/**
 * The demo's moderation rules (docs/decisions/0030-moderation-rules.md), saved by a demo moderator
 * through RulesService.create a few days before the start, so their audit entries are the service's.
 * Created before the demo's backfill, which runs them on the pending ads right after their
 * signals: a flag, a prioritise and a route live, a rejection in shadow, an approval in draft
 * (a deciding rule goes live only after a backtest, which the visitor can start).
 */
export async function seedRules(db: Db, moderators: DemoModerator[], now: Date): Promise<void> {
  const [reason] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from rejection_reasons where title = 'Advance payment request' limit 1`),
  );
  const rules: RuleBody[] = [
    {
      name: 'Contact in text',
      mode: 'live',
      conditions: [{ field: 'signal', op: 'has', value: 'contact_in_text' }],
      action: { type: 'flag', label: 'Contact in text' },
    },
    {
      name: 'Reposts first',
      mode: 'live',
      conditions: [{ field: 'signal', op: 'has', value: 'duplicate_text' }],
      action: { type: 'prioritise' },
    },
    {
      name: 'Job fees to senior review',
      mode: 'live',
      conditions: [
        { field: 'category', op: 'eq', value: 'Vacancies' },
        { field: 'text', op: 'matches', value: '(registration|application|processing) fee|ගාස්තුව|கட்டணம்' },
      ],
      action: { type: 'route', queue: SENIOR_QUEUE },
    },
    ...(reason
      ? [
          {
            name: 'High risk: advance payment',
            mode: 'shadow',
            conditions: [{ field: 'risk', op: 'gt', value: 70 }],
            action: { type: 'reject', reasonId: reason.id },
          } satisfies RuleBody,
        ]
      : []),
    {
      name: 'Trusted sellers',
      mode: 'draft',
      conditions: [
        { field: 'advertiser.verified', op: 'eq', value: true },
        { field: 'advertiser.approvedAds', op: 'gt', value: 3 },
        { field: 'risk', op: 'lt', value: 10 },
      ],
      action: { type: 'approve', sampleRate: 0.1 },
    },
  ];
  const by = moderators[0]!;
  for (const [i, rule] of rules.entries()) {
    const service = new RulesService(db, () => new Date(now.getTime() - (3 * DAY - i * 600_000)));
    await service.create(ruleBody.parse(rule), by.id);
  }
}
