// Kept apart from the schemas (rules.ts) so that a screen reading them loads no part of zod.

/** Moderation rules (docs/decisions/0030-moderation-rules.md). */
export const RULE_MODES = ['draft', 'shadow', 'live'] as const;
export type RuleMode = (typeof RULE_MODES)[number];

export const RULE_ACTIONS = ['flag', 'prioritise', 'route', 'reject', 'approve'] as const;
export type RuleActionType = (typeof RULE_ACTIONS)[number];
/** Actions that decide the ad: they go live only after a backtest that agrees with the moderators. */
export const DECIDING_ACTIONS: readonly RuleActionType[] = ['reject', 'approve'];

export const RULE_FIELDS = [
  'category',
  'district',
  'adType',
  'price',
  'text',
  'signal',
  'risk',
  'advertiser.verified',
  'advertiser.accountAgeDays',
  'advertiser.activeStrikes',
  'advertiser.approvedAds',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

export const RULE_OPS = ['eq', 'neq', 'in', 'lt', 'gt', 'contains', 'matches', 'has'] as const;
export type RuleOp = (typeof RULE_OPS)[number];

/** The value each field compares with, and the operators it takes. */
export const RULE_FIELD_OPS: Record<RuleField, { value: 'text' | 'number' | 'boolean'; ops: readonly RuleOp[] }> = {
  category: { value: 'text', ops: ['eq', 'neq', 'in'] },
  district: { value: 'text', ops: ['eq', 'neq', 'in'] },
  adType: { value: 'text', ops: ['eq', 'neq', 'in'] },
  price: { value: 'number', ops: ['eq', 'neq', 'lt', 'gt', 'has'] },
  text: { value: 'text', ops: ['contains', 'matches'] },
  signal: { value: 'text', ops: ['has'] },
  risk: { value: 'number', ops: ['eq', 'neq', 'lt', 'gt'] },
  'advertiser.verified': { value: 'boolean', ops: ['eq'] },
  'advertiser.accountAgeDays': { value: 'number', ops: ['eq', 'neq', 'lt', 'gt'] },
  'advertiser.activeStrikes': { value: 'number', ops: ['eq', 'neq', 'lt', 'gt'] },
  'advertiser.approvedAds': { value: 'number', ops: ['eq', 'neq', 'lt', 'gt'] },
};

export const MAX_RULE_NAME = 100;
export const MAX_RULE_CONDITIONS = 20;
export const MAX_RULE_TEXT = 200;
export const MAX_RULE_LABEL = 40;
export const MAX_RULES = 500;
/** An automatic approval is sampled into second review at least this often. */
export const MIN_APPROVE_SAMPLE_RATE = 0.05;
/** A deciding rule goes live only after a backtest over this many human decisions … */
export const MIN_BACKTEST_DECIDED = 200;
/** … agreeing with them at least this often. */
export const MIN_LIVE_PRECISION = 0.98;
export const DEFAULT_BACKTEST_LIMIT = 10_000;
export const MAX_BACKTEST_LIMIT = 200_000;
/** The share of human decisions sampled into second review unless the setting says otherwise. */
export const DEFAULT_SECOND_REVIEW_RATE = 0.02;

/** What a rule's audit entry names as its actor: "Rule: NAME". */
export const ruleActorName = (name: string) => `Rule: ${name}`;

export const ruleMessages = {
  created: 'Rule created successfully',
  updated: 'Rule updated successfully',
  deleted: 'Rule deleted successfully',
  notFound: 'Rule not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_RULE_NAME} characters`,
  nameTaken: 'A rule with this name already exists',
  tooManyRules: `At most ${MAX_RULES} rules are allowed`,
  conditionsRequired: 'Add at least one condition',
  tooManyConditions: `At most ${MAX_RULE_CONDITIONS} conditions are allowed`,
  modeInvalid: 'Mode must be draft, shadow or live',
  actionInvalid: 'Action must be flag, prioritise, route, reject or approve',
  labelRequired: 'A flag needs a label',
  queueRequired: 'A route needs a queue name',
  reasonRequired: 'A rejection needs a rejection reason',
  reasonUnknown: 'Rejection reason not found',
  sampleRateInvalid: `Sample rate must be from ${MIN_APPROVE_SAMPLE_RATE} to 1`,
  versionConflict: 'This rule was changed by someone else. Reload it and try again.',
  versionRequired: 'Send the version you started from',
  backtestRunning: 'A backtest of this rule is already running',
  backtestNotFound: 'Backtest not found',
  patternUnsafe: 'This pattern could take too long on some texts; write it more simply',
  patternInvalid: 'This pattern is not a valid regular expression',
  /** The live guard's refusal, with the figures of the latest backtest. */
  liveNeedsBacktest: (decided: number) =>
    `A rule that approves or rejects goes live only after a backtest over at least ${MIN_BACKTEST_DECIDED} decided ads (latest: ${decided})`,
  liveNeedsPrecision: (precision: number) =>
    `A rule that approves or rejects goes live only with precision of at least ${MIN_LIVE_PRECISION} against the moderators (latest backtest: ${precision.toFixed(3)})`,
  liveNeedsFreshBacktest: 'The rule changed after its backtest; test it again before it goes live',
} as const;

/** The condition's place in the list (1-based) in a 400's message, so the editor can point at it. */
export const conditionError = (index: number, why: string) => `Condition ${index + 1}: ${why}`;
