import type { RuleAction, RuleCondition, RuleMode } from '@backoffice/contract';

/**
 * The one evaluator of moderation rules (docs/decisions/0030-moderation-rules.md): pure, so that
 * the live run after an ad's signals and a backtest over decided ads judge an ad the same way.
 * Conditions are checked by the contract before a rule is saved (`conditionProblem`) and patterns
 * for catastrophic backtracking (pattern-safety.ts); a condition this file cannot read is false.
 */

/** What a rule may look at. The advertiser's figures are as they are when the rule runs. */
export type AdFacts = {
  category: string;
  district: string;
  adType: string;
  /** Whole rupees, null when the ad has no price. */
  price: number | null;
  heading: string;
  details: string;
  /** The ad's signal kinds (0029), empty before its analysis. */
  signals: readonly string[];
  /** 0–100, null before its analysis. */
  risk: number | null;
  advertiser: { verified: boolean; accountAgeDays: number; activeStrikes: number; approvedAds: number };
};

/** A rule's version as stored. */
export type RuleVersion = {
  id: string;
  name: string;
  version: number;
  mode: RuleMode;
  order: number;
  conditions: RuleCondition[];
  action: RuleAction;
};

export type CompiledRule = RuleVersion & { test: (facts: AdFacts) => boolean };

/** Only this much of an ad's text is searched (a pattern is safe, and an ad's text is bounded anyway). */
export const MAX_TEXT_SEARCHED = 20_000;

const lower = (s: string) => s.toLocaleLowerCase('en');
/** A category, district or type as compared: spaces around a saved value ("Colombo ") do not count. */
const key = (s: string) => lower(s).trim();
const textOf = (f: AdFacts) => `${f.heading}\n${f.details}`.slice(0, MAX_TEXT_SEARCHED);

function numberOf(field: RuleCondition['field'], f: AdFacts): number | null {
  switch (field) {
    case 'price':
      return f.price;
    case 'risk':
      return f.risk;
    case 'advertiser.accountAgeDays':
      return f.advertiser.accountAgeDays;
    case 'advertiser.activeStrikes':
      return f.advertiser.activeStrikes;
    case 'advertiser.approvedAds':
      return f.advertiser.approvedAds;
    default:
      return null;
  }
}

function stringOf(field: RuleCondition['field'], f: AdFacts): string | null {
  switch (field) {
    case 'category':
      return f.category;
    case 'district':
      return f.district;
    case 'adType':
      return f.adType;
    default:
      return null;
  }
}

/** One condition as a test; compiled once per rule version (patterns, lower-cased values). */
function compileCondition(c: RuleCondition): (f: AdFacts) => boolean {
  const { field, op, value } = c;
  if (field === 'text') {
    if (op === 'contains' && typeof value === 'string') {
      const needle = lower(value);
      return (f) => lower(textOf(f)).includes(needle);
    }
    if (op === 'matches' && typeof value === 'string') {
      const pattern = new RegExp(value, 'iu');
      return (f) => pattern.test(textOf(f));
    }
    return () => false;
  }
  if (field === 'signal') return op === 'has' ? (f) => f.signals.includes(String(value)) : () => false;
  if (field === 'advertiser.verified') return (f) => op === 'eq' && f.advertiser.verified === value;
  if (field === 'price' && op === 'has') {
    const wanted = value !== false;
    return (f) => (f.price !== null) === wanted;
  }
  if (op === 'in') {
    const set = new Set((Array.isArray(value) ? value : []).map((v) => key(String(v))));
    return (f) => {
      const s = stringOf(field, f);
      return s !== null && set.has(key(s));
    };
  }
  if (typeof value === 'number') {
    return (f) => {
      const n = numberOf(field, f);
      if (n === null) return op === 'neq';
      if (op === 'eq') return n === value;
      if (op === 'neq') return n !== value;
      if (op === 'lt') return n < value;
      if (op === 'gt') return n > value;
      return false;
    };
  }
  if (typeof value === 'string') {
    const wanted = key(value);
    return (f) => {
      const s = stringOf(field, f);
      if (s === null) return false;
      if (op === 'eq') return key(s) === wanted;
      if (op === 'neq') return key(s) !== wanted;
      return false;
    };
  }
  return () => false;
}

export function compileRule(rule: RuleVersion): CompiledRule {
  const tests = rule.conditions.map(compileCondition);
  return { ...rule, test: (facts) => tests.every((t) => t(facts)) };
}

/** Rules in the order they run: `order`, then by id for a stable tie-break. */
export const inRunOrder = <T extends Pick<RuleVersion, 'order' | 'id'>>(rules: T[]): T[] =>
  [...rules].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));

/** Does this action single the ad out (agree with a rejection) or pass it (agree with an approval)? */
export const actionDirection = (action: Pick<RuleAction, 'type'>): 'approved' | 'rejected' =>
  action.type === 'approve' ? 'approved' : 'rejected';

/** An ad's own columns as the rules' queries select them (snake_case, numbers maybe as text). */
export type AdFactColumns = {
  heading: string;
  details: string;
  category: string;
  district: string;
  ad_type: string;
  price: number | string | null;
  signal_kinds: string[] | null;
  risk: number | string | null;
};

/** The ad's part of its facts, the same for the live run and the backtest. */
export function adFieldFacts(r: AdFactColumns): Omit<AdFacts, 'advertiser'> {
  return {
    category: r.category,
    district: r.district,
    adType: r.ad_type,
    price: r.price === null ? null : Number(r.price),
    heading: r.heading,
    details: r.details,
    signals: r.signal_kinds ?? [],
    risk: r.risk === null ? null : Number(r.risk),
  };
}
