import { z } from 'zod';
import { AD_TYPES } from './ads-constants';
import {
  conditionError,
  DEFAULT_BACKTEST_LIMIT,
  MAX_BACKTEST_LIMIT,
  MAX_RULE_CONDITIONS,
  MAX_RULE_LABEL,
  MAX_RULE_NAME,
  MAX_RULE_TEXT,
  MIN_APPROVE_SAMPLE_RATE,
  RULE_ACTIONS,
  RULE_FIELD_OPS,
  RULE_FIELDS,
  RULE_MODES,
  RULE_OPS,
  ruleMessages,
  type RuleField,
} from './rules-constants';
import { SIGNAL_KINDS } from './signals-constants';

/**
 * Moderation rules (docs/decisions/0030-moderation-rules.md): conditions, all of which must hold,
 * over an ad, its signals and its advertiser, and one action. Every change is a new version; an ad
 * is judged by the versions current when its rules ran, and each action taken is an audit entry
 * by "Rule: NAME" naming the version.
 */
export * from './rules-constants';

const scalar = z.union([z.string(), z.number(), z.boolean()]);
export const ruleCondition = z.object({
  field: z.string(),
  op: z.string(),
  value: z.union([scalar, z.array(z.union([z.string(), z.number()]))]).optional(),
});
/** A condition the contract has checked (conditionProblem): its field and operator are known. */
export type RuleCondition = Omit<z.infer<typeof ruleCondition>, 'field' | 'op'> & {
  field: RuleField;
  op: (typeof RULE_OPS)[number];
};

/** Why one condition is refused, or null when it is fine (the server adds the pattern's safety). */
export function conditionProblem(c: z.infer<typeof ruleCondition>): string | null {
  if (!(RULE_FIELDS as readonly string[]).includes(c.field)) return `unknown field "${c.field}"`;
  const field = c.field as RuleField;
  const spec = RULE_FIELD_OPS[field];
  if (!(spec.ops as readonly string[]).includes(c.op)) return `"${c.op}" does not apply to ${field}`;
  const v = c.value;
  if (c.op === 'has') {
    if (field === 'price') return v === undefined || typeof v === 'boolean' ? null : 'has takes true, false or nothing';
    if (typeof v !== 'string' || !(SIGNAL_KINDS as readonly string[]).includes(v)) return 'unknown signal';
    return null;
  }
  if (c.op === 'in') {
    if (!Array.isArray(v) || !v.length || v.some((x) => typeof x !== 'string' || !x.trim()))
      return 'in takes a list of values';
    if (field === 'adType' && v.some((x) => !(AD_TYPES as readonly string[]).includes(String(x))))
      return 'type must be digital or regular';
    return null;
  }
  if (spec.value === 'number') return typeof v === 'number' && Number.isFinite(v) ? null : 'the value must be a number';
  if (spec.value === 'boolean') return typeof v === 'boolean' ? null : 'the value must be true or false';
  if (typeof v !== 'string' || !v.trim()) return 'the value must be text';
  if (v.length > MAX_RULE_TEXT) return `the value must be at most ${MAX_RULE_TEXT} characters`;
  if (field === 'adType' && !(AD_TYPES as readonly string[]).includes(v)) return 'type must be digital or regular';
  if (c.op === 'matches') {
    try {
      new RegExp(v, 'iu');
    } catch {
      return ruleMessages.patternInvalid;
    }
  }
  return null;
}

export const ruleAction = z.object({
  type: z.enum(RULE_ACTIONS, { error: ruleMessages.actionInvalid }),
  label: z.string().trim().max(MAX_RULE_LABEL).optional(),
  queue: z.string().trim().max(MAX_RULE_LABEL).optional(),
  reasonId: z.string().optional(),
  sampleRate: z.number({ error: ruleMessages.sampleRateInvalid }).min(0).max(1).optional(),
});
export type RuleAction = z.infer<typeof ruleAction>;

export const ruleBody = z
  .object({
    name: z
      .string({ error: ruleMessages.nameRequired })
      .trim()
      .min(1, ruleMessages.nameRequired)
      .max(MAX_RULE_NAME, ruleMessages.nameTooLong),
    /** Omitted: draft on create, unchanged on update. */
    mode: z.enum(RULE_MODES, { error: ruleMessages.modeInvalid }).optional(),
    /**
     * Where it runs among the rules: lower first. Omitted on create: after the last. On update, a new
     * order is a place in the run order (0 first, past the end last): the server numbers every rule 0, 1, 2….
     */
    order: z.number().int().min(0).optional(),
    conditions: z
      .array(ruleCondition)
      .min(1, ruleMessages.conditionsRequired)
      .max(MAX_RULE_CONDITIONS, ruleMessages.tooManyConditions),
    action: ruleAction,
    /** On update: the version the editor started from; another admin's newer save is a 409. */
    version: z.number().int().optional(),
  })
  .superRefine((body, ctx) => {
    body.conditions.forEach((c, i) => {
      const problem = conditionProblem(c);
      if (problem) ctx.addIssue({ code: 'custom', path: ['conditions', i], message: conditionError(i, problem) });
    });
    const a = body.action;
    if (a.type === 'flag' && !a.label)
      ctx.addIssue({ code: 'custom', path: ['action', 'label'], message: ruleMessages.labelRequired });
    if (a.type === 'route' && !a.queue)
      ctx.addIssue({ code: 'custom', path: ['action', 'queue'], message: ruleMessages.queueRequired });
    if (a.type === 'reject' && !a.reasonId)
      ctx.addIssue({ code: 'custom', path: ['action', 'reasonId'], message: ruleMessages.reasonRequired });
    if (a.type === 'approve' && a.sampleRate !== undefined && a.sampleRate < MIN_APPROVE_SAMPLE_RATE)
      ctx.addIssue({ code: 'custom', path: ['action', 'sampleRate'], message: ruleMessages.sampleRateInvalid });
  });
export type RuleBody = z.input<typeof ruleBody>;

/** A backtest's figures: `precision` of the rule's action against the moderators' decisions of the ads it matched. */
export const backtestFigures = z.object({
  scanned: z.number().int(),
  matched: z.number().int(),
  /** Matched ads a human decided (approved or rejected). */
  decided: z.number().int(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  disagreements: z.array(
    z.object({
      _id: z.string(),
      heading: z.string(),
      status: z.string(),
      /** 'matched': the rule would act, the moderator decided the other way; 'missed': the moderator did what the rule does, the rule did not match. */
      kind: z.enum(['matched', 'missed']),
    }),
  ),
});
export type BacktestFigures = z.infer<typeof backtestFigures>;

export const BACKTEST_STATES = ['running', 'done', 'cancelled', 'failed'] as const;
export const backtest = backtestFigures.extend({
  _id: z.string(),
  ruleId: z.string(),
  version: z.number().int(),
  limit: z.number().int(),
  state: z.enum(BACKTEST_STATES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Backtest = z.infer<typeof backtest>;
export const backtestBody = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_BACKTEST_LIMIT).default(DEFAULT_BACKTEST_LIMIT),
});
export const backtestResponse = backtest.extend({ success: z.literal(true) });

/** Since when a live or shadow rule fired, how often, and how often a human later decided the other way. */
export const ruleFigures = z.object({
  firstFiredAt: z.string().nullable(),
  lastFiredAt: z.string().nullable(),
  fired: z.number().int(),
  overturned: z.number().int(),
});

export const moderationRule = z.object({
  _id: z.string(),
  name: z.string(),
  mode: z.enum(RULE_MODES),
  order: z.number().int(),
  conditions: z.array(ruleCondition),
  action: ruleAction,
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  figures: ruleFigures,
  latestBacktest: backtest.nullable(),
});
export type ModerationRule = z.infer<typeof moderationRule>;
export const ruleListResponse = z.object({ success: z.literal(true), rules: z.array(moderationRule) });
export const ruleResponse = z.object({ success: z.literal(true), rule: moderationRule });

// --- Second review (quality control) ---------------------------------------------------------

export const SECOND_REVIEW_ANSWERS = ['agree', 'disagree'] as const;
export type SecondReviewAnswer = (typeof SECOND_REVIEW_ANSWERS)[number];
export const MAX_SECOND_REVIEW_NOTE = 1000;

/**
 * A sampled decision. Until it is answered the first decision, its maker and its reason are
 * left out (`decision` null): the reviewer answers blind.
 */
export const secondReview = z.object({
  _id: z.string(),
  /** `status` is null until the review is answered: an approved or rejected ad would tell the first decision. */
  ad: z.object({ _id: z.string(), heading: z.string(), status: z.string().nullable() }),
  sampledAt: z.string(),
  decision: z
    .object({
      status: z.enum(['approved', 'rejected']),
      rejectionReason: z.string().nullable(),
      /** The moderator's name, or "Rule: NAME". */
      by: z.string(),
      byRule: z.object({ _id: z.string(), version: z.number().int() }).nullable(),
      at: z.string(),
    })
    .nullable(),
  answer: z.enum(SECOND_REVIEW_ANSWERS).nullable(),
  note: z.string().nullable(),
  reviewer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** A disagreement a senior moderator has acted on (it leaves the `disagreed` list). */
  settledAt: z.string().nullable(),
});
export type SecondReview = z.infer<typeof secondReview>;
export const SECOND_REVIEW_STATES = ['open', 'disagreed', 'answered'] as const;
export const secondReviewQuery = z.object({
  state: z.enum(SECOND_REVIEW_STATES).default('open'),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  /** The last item of the previous page (keyset). */
  after: z.uuid({ error: 'Invalid id' }).optional(),
});
export const secondReviewListResponse = z.object({
  success: z.literal(true),
  items: z.array(secondReview),
  next: z.string().nullable(),
});
export const secondReviewAnswerBody = z.object({
  answer: z.enum(SECOND_REVIEW_ANSWERS, { error: () => secondReviewMessages.answerInvalid }),
  note: z
    .string({ error: () => secondReviewMessages.noteTooLong })
    .trim()
    .max(MAX_SECOND_REVIEW_NOTE, { error: () => secondReviewMessages.noteTooLong })
    .optional(),
});
export const secondReviewResponse = z.object({ success: z.literal(true), item: secondReview });
/**
 * What a senior moderator did about a disagreement: deleted the ad (through the ad's own Delete,
 * first), contacted its advertiser, or kept the first decision after all. The answer records it.
 */
export const SECOND_REVIEW_SETTLE_ACTIONS = ['deleted', 'messaged', 'kept'] as const;
export type SecondReviewSettleAction = (typeof SECOND_REVIEW_SETTLE_ACTIONS)[number];
export const secondReviewSettleBody = z.object({
  action: z.enum(SECOND_REVIEW_SETTLE_ACTIONS, { error: () => secondReviewMessages.actionInvalid }),
  note: z
    .string({ error: () => secondReviewMessages.noteTooLong })
    .trim()
    .max(MAX_SECOND_REVIEW_NOTE, { error: () => secondReviewMessages.noteTooLong })
    .optional(),
});
const rateError = { error: () => secondReviewMessages.rateInvalid };
export const secondReviewSettings = z.object({
  /** The share of human decisions sampled, from 0 to 1 (2 % by default). */
  rate: z.number(rateError).min(0, rateError).max(1, rateError),
});
export const secondReviewSettingsResponse = z.object({ success: z.literal(true), rate: z.number() });
/** Agreement over the last 30 days, per moderator and per rule. */
export const agreementRow = z.object({
  kind: z.enum(['moderator', 'rule']),
  _id: z.string(),
  name: z.string(),
  reviewed: z.number().int(),
  agreed: z.number().int(),
});
export const agreementResponse = z.object({ success: z.literal(true), rows: z.array(agreementRow) });

export const secondReviewMessages = {
  ownDecision: 'You made this decision; another moderator reviews it',
  answered: 'This decision has already been reviewed',
  notFound: 'Review not found',
  saved: 'Review saved',
  notDisagreed: 'Only a disagreement can be settled',
  settled: 'This disagreement has already been settled',
  deleteFirst: 'Delete the ad first, then settle',
  settingsSaved: 'Settings saved',
  answerInvalid: 'Answer must be agree or disagree',
  actionInvalid: 'Action must be deleted, messaged or kept',
  rateInvalid: 'Rate must be a number from 0 to 1',
  noteTooLong: `A note can be at most ${MAX_SECOND_REVIEW_NOTE} characters`,
} as const;
