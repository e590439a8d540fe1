import { RULE_ACTIONS, SIGNAL_KINDS, type RuleAction, type RuleCondition } from '@backoffice/contract';
import type { NewAdRow } from '../server/src/db/schema';
import type { AdFacts, RuleVersion } from '../server/src/rules/evaluate';
import { CATEGORIES, DISTRICTS, townIn } from '../server/src/seed/catalog';
import { createRng, type Rng } from '../server/src/seed/random';

/**
 * The data of bench/rules.ts: rules of mixed conditions (every field, every operator, patterns
 * as a team would write them) and the facts of ads as the live run reads them.
 */

const WORDS = [
  'registration fee',
  'urgent',
  'negotiable',
  'whatsapp',
  'clear deed',
  'brand new',
  'call now',
  'deposit',
];
/** Patterns that pass the safety check: alternations and bounded repeats, no nested quantifiers. */
const PATTERNS = [
  '\\b(fee|deposit|advance)\\b',
  'rs\\.?\\s?\\d{3,}',
  'whats\\s?app',
  '0\\d{9}',
  'free\\s+(gift|delivery)',
  '\\bnegotiable\\b',
];
const categories = Object.keys(CATEGORIES);

function condition(r: Rng): RuleCondition {
  switch (r.int(0, 12)) {
    case 0:
      return { field: 'category', op: 'eq', value: r.pick(categories) };
    case 1:
      return { field: 'category', op: 'in', value: [r.pick(categories), r.pick(categories)] };
    case 2:
      return { field: 'district', op: 'neq', value: r.pick(DISTRICTS) };
    case 3:
      return { field: 'adType', op: 'eq', value: r.pick(['digital', 'regular']) };
    case 4:
      return { field: 'price', op: r.pick(['lt', 'gt'] as const), value: r.int(1, 500) * 10_000 };
    case 5:
      return { field: 'price', op: 'has', value: r.chance(0.5) };
    case 6:
      return { field: 'text', op: 'contains', value: r.pick(WORDS) };
    case 7:
      return { field: 'text', op: 'matches', value: r.pick(PATTERNS) };
    case 8:
      return { field: 'signal', op: 'has', value: r.pick(SIGNAL_KINDS) };
    case 9:
      return { field: 'risk', op: 'gt', value: r.int(20, 90) };
    case 10:
      return { field: 'advertiser.verified', op: 'eq', value: r.chance(0.5) };
    case 11:
      return { field: 'advertiser.accountAgeDays', op: 'lt', value: r.int(7, 365) };
    default:
      return { field: 'advertiser.approvedAds', op: r.pick(['gt', 'lt'] as const), value: r.int(0, 20) };
  }
}

function action(r: Rng): RuleAction {
  const type = r.pick(RULE_ACTIONS);
  if (type === 'flag') return { type, label: 'Check' };
  if (type === 'route') return { type, queue: 'Senior review' };
  if (type === 'reject') return { type, reasonId: '00000000-0000-4000-8000-000000000000' };
  if (type === 'approve') return { type, sampleRate: 0.05 };
  return { type };
}

/** `count` live rules of one to four conditions each, the same on every run. */
export function mixedRules(count: number, seed = 34): RuleVersion[] {
  const r = createRng(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Rule ${i + 1}`,
    version: 1,
    mode: 'live',
    order: i,
    conditions: Array.from({ length: r.int(1, 4) }, () => condition(r)),
    action: action(r),
  }));
}

const someSignals = (r: Rng) => SIGNAL_KINDS.filter(() => r.chance(0.08));

/** A new ad's facts: the demo's texts (some with the words the rules look for), signals, risk, advertiser. */
export function adFacts(r: Rng): AdFacts {
  const category = r.pick(categories);
  const district = r.pick(DISTRICTS);
  const { heading, details, price } = CATEGORIES[category]!.make(r, townIn(r, district));
  return {
    category,
    district,
    adType: r.pick(['digital', 'regular']),
    price,
    heading,
    details: r.chance(0.2) ? `${details} ${r.pick(WORDS)}, WhatsApp 0771234567.` : details,
    signals: someSignals(r),
    risk: r.chance(0.1) ? null : r.int(0, 100),
    advertiser: {
      verified: r.chance(0.6),
      accountAgeDays: r.int(0, 2000),
      activeStrikes: 0,
      approvedAds: r.int(0, 40),
    },
  };
}

/** seedAds' `adjust`: analysed ads (risk and signals), a fifth with the words the rules look for. */
export function seedAdjust(seed = 35) {
  const r = createRng(seed);
  return (ad: NewAdRow) => {
    ad.risk = r.int(0, 100);
    ad.signalKinds = someSignals(r);
    if (r.chance(0.2)) ad.details = `${ad.details} ${r.pick(WORDS)}, WhatsApp 0771234567.`;
  };
}

/** The rule the backtest measures: a pattern over the text and the advertiser's approved ads (both read per ad). */
export const BACKTEST_RULE = {
  conditions: [
    { field: 'text', op: 'matches', value: '\\b(fee|deposit|advance)\\b' },
    { field: 'advertiser.approvedAds', op: 'lt', value: 5 },
  ] satisfies RuleCondition[],
  action: { type: 'reject', reasonId: '00000000-0000-4000-8000-000000000000' } satisfies RuleAction,
};
