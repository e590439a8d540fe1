import { describe, expect, it } from 'vitest';
import type { RuleAction, RuleCondition } from '@backoffice/contract';
import {
  actionDirection,
  compileRule,
  inRunOrder,
  MAX_TEXT_SEARCHED,
  type AdFacts,
  type RuleVersion,
} from '../../src/rules/evaluate';

/** The one evaluator of moderation rules (docs/decisions/0030-moderation-rules.md), field by field. */

const facts = (over: Partial<AdFacts> = {}, advertiser: Partial<AdFacts['advertiser']> = {}): AdFacts => ({
  category: 'Jobs',
  district: 'Colombo',
  adType: 'regular',
  price: 25_000,
  heading: 'Data entry job',
  details: 'Work from home. Registration FEE required.',
  signals: ['risky_phrase'],
  risk: 40,
  advertiser: { verified: false, accountAgeDays: 3, activeStrikes: 0, approvedAds: 2, ...advertiser },
  ...over,
});

const rule = (conditions: RuleCondition[], over: Partial<RuleVersion> = {}): RuleVersion => ({
  id: 'r1',
  name: 'Rule',
  version: 1,
  mode: 'live',
  order: 0,
  conditions,
  action: { type: 'flag', label: 'Check' },
  ...over,
});

const holds = (c: RuleCondition, f: AdFacts = facts()) => compileRule(rule([c])).test(f);
const cond = (field: RuleCondition['field'], op: RuleCondition['op'], value?: unknown): RuleCondition =>
  value === undefined ? { field, op } : { field, op, value: value as RuleCondition['value'] };

describe('text fields: category, district, adType', () => {
  it.each(['category', 'district', 'adType'] as const)('%s: eq and neq, case-insensitive', (field) => {
    const value = facts()[field];
    expect(holds(cond(field, 'eq', value.toUpperCase()))).toBe(true);
    expect(holds(cond(field, 'eq', 'something else'))).toBe(false);
    expect(holds(cond(field, 'neq', value.toUpperCase()))).toBe(false);
    expect(holds(cond(field, 'neq', 'something else'))).toBe(true);
  });

  it.each(['category', 'district', 'adType'] as const)('%s: in takes any of the values, case-insensitive', (field) => {
    const value = facts()[field];
    expect(holds(cond(field, 'in', ['other', value.toLowerCase()]))).toBe(true);
    expect(holds(cond(field, 'in', ['other', 'more']))).toBe(false);
    expect(holds(cond(field, 'in', []))).toBe(false);
  });

  it('a value saved with spaces around it still compares as the word it is', () => {
    expect(holds(cond('district', 'eq', ' Colombo '))).toBe(true);
    expect(holds(cond('district', 'neq', 'Colombo '))).toBe(false);
    expect(holds(cond('category', 'in', ['  jobs']))).toBe(true);
  });

  it('an operator the field does not take is false (the contract refuses it before a save)', () => {
    expect(holds(cond('category', 'lt', 'Jobs'))).toBe(false);
    expect(holds(cond('category', 'contains', 'Jo'))).toBe(false);
  });
});

describe('number fields: price, risk and the advertiser figures', () => {
  const numbers = [
    ['price', 25_000, facts({ price: null })],
    ['risk', 40, facts({ risk: null })],
  ] as const;

  it.each(numbers)('%s: eq, neq, lt, gt', (field, value) => {
    expect(holds(cond(field, 'eq', value))).toBe(true);
    expect(holds(cond(field, 'eq', value + 1))).toBe(false);
    expect(holds(cond(field, 'neq', value))).toBe(false);
    expect(holds(cond(field, 'neq', value + 1))).toBe(true);
    expect(holds(cond(field, 'lt', value + 1))).toBe(true);
    expect(holds(cond(field, 'lt', value))).toBe(false);
    expect(holds(cond(field, 'gt', value - 1))).toBe(true);
    expect(holds(cond(field, 'gt', value))).toBe(false);
  });

  it.each(numbers)('%s null (no price; not analysed): only neq holds', (field, value, empty) => {
    expect(holds(cond(field, 'eq', value), empty)).toBe(false);
    expect(holds(cond(field, 'lt', 1e9), empty)).toBe(false);
    expect(holds(cond(field, 'gt', -1), empty)).toBe(false);
    expect(holds(cond(field, 'neq', value), empty)).toBe(true);
  });

  it('price has: with or without a price (true when the value is left out)', () => {
    expect(holds(cond('price', 'has'))).toBe(true);
    expect(holds(cond('price', 'has', true))).toBe(true);
    expect(holds(cond('price', 'has', false))).toBe(false);
    expect(holds(cond('price', 'has'), facts({ price: null }))).toBe(false);
    expect(holds(cond('price', 'has', false), facts({ price: null }))).toBe(true);
    // A price of 0 is a price.
    expect(holds(cond('price', 'has'), facts({ price: 0 }))).toBe(true);
  });

  it.each([
    ['advertiser.accountAgeDays', 'accountAgeDays', 3],
    ['advertiser.activeStrikes', 'activeStrikes', 0],
    ['advertiser.approvedAds', 'approvedAds', 2],
  ] as const)('%s: eq, neq, lt, gt', (field, key, value) => {
    const f = facts({}, { [key]: value });
    expect(holds(cond(field, 'eq', value), f)).toBe(true);
    expect(holds(cond(field, 'neq', value), f)).toBe(false);
    expect(holds(cond(field, 'lt', value + 1), f)).toBe(true);
    expect(holds(cond(field, 'lt', value), f)).toBe(false);
    expect(holds(cond(field, 'gt', value - 1), f)).toBe(true);
    expect(holds(cond(field, 'gt', value), f)).toBe(false);
  });

  it('a number compared with text is false', () => {
    expect(holds(cond('price', 'eq', '25000'))).toBe(false);
  });
});

describe('text: contains and matches over heading and details, case-insensitive', () => {
  it('contains finds words in either field, whatever their case', () => {
    expect(holds(cond('text', 'contains', 'registration fee'))).toBe(true);
    expect(holds(cond('text', 'contains', 'DATA ENTRY'))).toBe(true);
    expect(holds(cond('text', 'contains', 'lottery'))).toBe(false);
  });

  it('matches runs the pattern case-insensitively over heading and details', () => {
    expect(holds(cond('text', 'matches', '^data\\s+ENTRY'))).toBe(true);
    expect(holds(cond('text', 'matches', 'fee\\s+required'))).toBe(true);
    expect(holds(cond('text', 'matches', '^work from home'))).toBe(false);
    // Heading and details are one text, a line apart.
    expect(holds(cond('text', 'matches', 'job\\nwork'))).toBe(true);
  });

  it('a matching rule gives the same answer every time (no state carried between ads)', () => {
    const compiled = compileRule(rule([cond('text', 'matches', 'fee')]));
    expect([1, 2, 3].map(() => compiled.test(facts()))).toEqual([true, true, true]);
  });

  it('searches only the first MAX_TEXT_SEARCHED characters', () => {
    const long = facts({ heading: 'x', details: `${'a'.repeat(MAX_TEXT_SEARCHED)} needle` });
    expect(holds(cond('text', 'contains', 'needle'), long)).toBe(false);
    expect(holds(cond('text', 'matches', 'needle'), long)).toBe(false);
  });

  it('contains and matches take text only', () => {
    expect(holds(cond('text', 'contains', 5))).toBe(false);
    expect(holds(cond('text', 'eq', 'Data entry job'))).toBe(false);
  });
});

describe('signals and the advertiser', () => {
  it('signal has: the ad carries that kind', () => {
    expect(holds(cond('signal', 'has', 'risky_phrase'))).toBe(true);
    expect(holds(cond('signal', 'has', 'duplicate_image'))).toBe(false);
    expect(holds(cond('signal', 'has', 'risky_phrase'), facts({ signals: [] }))).toBe(false);
  });

  it('advertiser.verified eq true or false', () => {
    expect(holds(cond('advertiser.verified', 'eq', false))).toBe(true);
    expect(holds(cond('advertiser.verified', 'eq', true))).toBe(false);
    expect(holds(cond('advertiser.verified', 'eq', true), facts({}, { verified: true }))).toBe(true);
  });
});

describe('a rule: every condition must hold', () => {
  it('all conditions, not any', () => {
    const both = [cond('category', 'eq', 'Jobs'), cond('risk', 'gt', 30)];
    expect(compileRule(rule(both)).test(facts())).toBe(true);
    expect(compileRule(rule(both)).test(facts({ risk: 10 }))).toBe(false);
    expect(compileRule(rule(both)).test(facts({ category: 'Cars' }))).toBe(false);
  });

  it('an unknown field is false', () => {
    expect(holds({ field: 'colour' as RuleCondition['field'], op: 'eq', value: 'red' })).toBe(false);
  });

  it('keeps the version it was compiled from', () => {
    const compiled = compileRule(rule([cond('category', 'eq', 'Jobs')], { id: 'x', version: 7, name: 'Fee jobs' }));
    expect(compiled).toMatchObject({ id: 'x', version: 7, name: 'Fee jobs' });
  });
});

describe('run order and direction', () => {
  it('runs lowest order first, ties by id, without changing the list given', () => {
    const given = [
      { id: 'c', order: 2 },
      { id: 'b', order: 1 },
      { id: 'a', order: 2 },
      { id: 'd', order: 0 },
    ];
    expect(inRunOrder(given).map((r) => r.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(given.map((r) => r.id)).toEqual(['c', 'b', 'a', 'd']);
  });

  it.each([
    ['approve', 'approved'],
    ['reject', 'rejected'],
    ['flag', 'rejected'],
    ['route', 'rejected'],
    ['prioritise', 'rejected'],
  ] as const)('%s agrees with a decision %s', (type, direction) => {
    expect(actionDirection({ type } as RuleAction)).toBe(direction);
  });
});
