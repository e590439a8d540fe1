import { z } from 'zod';
import {
  conditionError,
  DECIDING_ACTIONS,
  MAX_RULES,
  MIN_APPROVE_SAMPLE_RATE,
  MIN_BACKTEST_DECIDED,
  MIN_LIVE_PRECISION,
  queueMessages,
  ruleMessages,
  type Backtest,
  type ModerationRule,
  type RuleAction,
  type RuleCondition,
  type ruleBody,
} from '@backoffice/contract';
import { changedFields, recordAudit } from '../../domain/audit-writer';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/error-causes';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inRunOrder } from '../../rules/evaluate';
import { patternProblem } from '../../rules/pattern-safety';
import * as repo from './rules-repository';

/** A rule as the routes hand it over: the contract's ruleBody, parsed. */
export type ParsedRuleBody = z.output<typeof ruleBody>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBacktest(row: repo.BacktestRow): Backtest {
  return {
    _id: row.id,
    ruleId: row.ruleId,
    version: row.version,
    limit: row.limit,
    state: row.state,
    scanned: row.scanned,
    matched: row.matched,
    decided: row.decided,
    precision: row.precision,
    recall: row.recall,
    disagreements: row.disagreements,
    startedAt: row.startedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

const NO_FIGURES: repo.FiguresRow = { fired: 0, overturned: 0, firstFiredAt: null, lastFiredAt: null };

function toRule(row: repo.RuleRowNamed, figures?: repo.FiguresRow, backtest?: repo.BacktestRow): ModerationRule {
  const f = figures ?? NO_FIGURES;
  return {
    _id: row.id,
    name: row.name,
    mode: row.mode,
    order: row.sortOrder,
    conditions: row.conditions,
    action: row.action,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedByName,
    figures: {
      fired: f.fired,
      overturned: f.overturned,
      firstFiredAt: iso(f.firstFiredAt),
      lastFiredAt: iso(f.lastFiredAt),
    },
    latestBacktest: backtest ? toBacktest(backtest) : null,
  };
}

/** Only the fields the action's type uses are kept; an approval is sampled at least MIN_APPROVE_SAMPLE_RATE. */
function storedAction(a: ParsedRuleBody['action']): RuleAction {
  switch (a.type) {
    case 'flag':
      return { type: a.type, label: a.label };
    case 'route':
      return { type: a.type, queue: a.queue };
    case 'reject':
      return { type: a.type, reasonId: a.reasonId };
    case 'approve':
      return { type: a.type, sampleRate: a.sampleRate ?? MIN_APPROVE_SAMPLE_RATE };
    default:
      return { type: a.type };
  }
}

/**
 * What the contract's schema cannot know: every `matches` pattern must pass the catastrophic
 * backtracking check (a 400 naming each condition). The conditions are kept as {field, op, value}.
 */
function checkedValues(
  body: ParsedRuleBody,
): Omit<repo.RuleValues, 'sortOrder' | 'mode'> & { mode: repo.RuleValues['mode'] | undefined } {
  const errors: Record<string, string> = {};
  const conditions = body.conditions.map((c, i) => {
    if (c.op === 'matches' && typeof c.value === 'string') {
      const problem = patternProblem(c.value);
      if (problem) {
        const why = problem === 'unsafe' ? ruleMessages.patternUnsafe : ruleMessages.patternInvalid;
        errors[`conditions.${i}`] = conditionError(i, why);
      }
    }
    return (
      c.value === undefined ? { field: c.field, op: c.op } : { field: c.field, op: c.op, value: c.value }
    ) as RuleCondition;
  });
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return { name: body.name, mode: body.mode, conditions, action: storedAction(body.action) };
}

/**
 * What a backtest measured: which ads match (the conditions, in any order) and what the action
 * does with them (its type). A label, a queue, a rejection reason or a sample rate changes neither.
 */
function testedKey(t: { conditions: RuleCondition[]; action: Pick<RuleAction, 'type'> }): string {
  const conditions = t.conditions.map((c) => JSON.stringify([c.field, c.op, c.value ?? null])).sort();
  return JSON.stringify([conditions, t.action.type]);
}

const AUDITED_FIELDS = ['name', 'mode', 'order', 'conditions', 'action'] as const;
const auditView = (r: repo.RuleRow) => ({
  name: r.name,
  mode: r.mode,
  order: r.sortOrder,
  conditions: r.conditions,
  action: r.action,
});

const ruleEntry = (row: repo.RuleRow) => ({ entity: 'rule', entityId: row.id, entityLabel: row.name }) as const;

const nameTaken = () => new AppError(409, ruleMessages.nameTaken, { name: ruleMessages.nameTaken });
/** The live guard's refusal: 409, the body is well formed but the rule's backtests do not allow it yet. */
const notLive = (message: string) => new AppError(409, message, { mode: message });

/** Moderation rules: list, read, create, update (a new version each time) and delete (docs/decisions/0030-moderation-rules.md). */
export class RulesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Every rule in run order, with its figures from the audit trail and its latest backtest. */
  async list(): Promise<ModerationRule[]> {
    const rows = inRunOrder((await repo.listRules(this.db)).map((r) => ({ ...r, order: r.sortOrder })));
    const ids = rows.map((r) => r.id);
    const [figures, backtests] = await Promise.all([
      repo.ruleFigures(this.db, ids),
      repo.latestBacktests(this.db, ids),
    ]);
    return rows.map((r) => toRule(r, figures.get(r.id), backtests.get(r.id)));
  }

  async get(id: string): Promise<ModerationRule> {
    const row = await repo.findRule(this.db, id);
    if (!row) throw new NotFoundError(ruleMessages.notFound);
    const [figures, backtests] = await Promise.all([
      repo.ruleFigures(this.db, [id]),
      repo.latestBacktests(this.db, [id]),
    ]);
    return toRule(row, figures.get(id), backtests.get(id));
  }

  /** Version 1, after the last rule unless an order is given. */
  async create(body: ParsedRuleBody, actorId: string): Promise<ModerationRule> {
    const checked = checkedValues(body);
    const values = { ...checked, mode: checked.mode ?? 'draft' };
    const row = await this.saving(async (tx) => {
      if ((await repo.countRules(tx)) >= MAX_RULES) throw new ConflictError(ruleMessages.tooManyRules);
      if (await repo.nameTaken(tx, values.name)) throw nameTaken();
      await this.checkReason(tx, values.action);
      await this.checkQueue(tx, values.action);
      await this.liveGuard(tx, null, values);
      const at = this.clock();
      const row = await repo.insertRule(
        tx,
        { ...values, sortOrder: body.order ?? (await repo.nextOrder(tx)) },
        actorId,
        at,
      );
      await repo.insertVersion(tx, row, actorId, at);
      await recordAudit(tx, { ...ruleEntry(row), action: 'created', actorId, at });
      return row;
    });
    return this.get(row.id);
  }

  /** The next version, from the version the editor started from (another admin's newer save is a 409). */
  async update(id: string, body: ParsedRuleBody, actorId: string): Promise<ModerationRule> {
    const checked = checkedValues(body);
    await this.saving(async (tx) => {
      const before = await repo.lockRule(tx, id);
      if (!before) throw new NotFoundError(ruleMessages.notFound);
      // A save without a mode keeps the rule's (a live rule is not sent back to draft by an edit).
      const values = { ...checked, mode: checked.mode ?? before.mode };
      if (body.version === undefined)
        throw new ValidationError(ruleMessages.versionRequired, { version: ruleMessages.versionRequired });
      if (body.version !== before.version) throw new ConflictError(ruleMessages.versionConflict);
      if (await repo.nameTaken(tx, values.name, id)) throw nameTaken();
      await this.checkReason(tx, values.action);
      await this.checkQueue(tx, values.action);
      await this.liveGuard(tx, id, values);
      const at = this.clock();
      // A new order moves the rule there in run order; the others close up behind it.
      const sortOrder =
        body.order === undefined || body.order === before.sortOrder
          ? before.sortOrder
          : await repo.placeRule(tx, id, body.order);
      const row = await repo.updateRule(tx, id, { ...values, sortOrder, version: before.version + 1 }, actorId, at);
      await repo.insertVersion(tx, row, actorId, at);
      const fields = changedFields(auditView(before), auditView(row), AUDITED_FIELDS);
      const mode = before.mode !== row.mode ? { from: before.mode, to: row.mode } : {};
      await recordAudit(tx, { ...ruleEntry(row), action: 'updated', actorId, at, details: { fields, ...mode } });
    });
    return this.get(id);
  }

  /** The rule goes; its versions stay (the audit entries name them), its backtests go with it. */
  async delete(id: string, actorId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.deleteRule(tx, id);
      if (!row) throw new NotFoundError(ruleMessages.notFound);
      await recordAudit(tx, { ...ruleEntry(row), action: 'deleted', actorId, at: this.clock() });
    });
  }

  /** A save's transaction; a race past the name check meets the unique index on lower(name): still a 409. */
  private async saving<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err, 'moderation_rules_name_idx')) throw nameTaken();
      throw err;
    }
  }

  private async checkReason(tx: Executor, action: RuleAction): Promise<void> {
    if (action.type !== 'reject') return;
    const id = action.reasonId ?? '';
    if (!z.uuid().safeParse(id).success || !(await repo.reasonExists(tx, id)))
      throw new ValidationError(ruleMessages.reasonUnknown, { 'action.reasonId': ruleMessages.reasonUnknown });
  }

  /** A route names a queue of the directory (GET /api/moderation-queues), in any case. */
  private async checkQueue(tx: Executor, action: RuleAction): Promise<void> {
    if (action.type !== 'route') return;
    if (!(await repo.queueExists(tx, action.queue ?? '')))
      throw new ValidationError(queueMessages.notFound, { 'action.queue': queueMessages.notFound });
  }

  /**
   * A rule that approves or rejects is saved live only on the strength of its latest finished
   * backtest: of the same conditions and action type as this save (a save that changes only the
   * name, mode, order, label, reason or sample rate keeps it), over at least MIN_BACKTEST_DECIDED
   * human decisions, with precision of at least MIN_LIVE_PRECISION.
   */
  private async liveGuard(tx: Executor, ruleId: string | null, values: Omit<repo.RuleValues, 'sortOrder'>) {
    if (values.mode !== 'live' || !DECIDING_ACTIONS.includes(values.action.type)) return;
    const latest = ruleId ? await repo.latestDoneBacktest(tx, ruleId) : undefined;
    if (!latest) throw notLive(ruleMessages.liveNeedsBacktest(0));
    if (!latest.tested || testedKey(latest.tested) !== testedKey(values))
      throw notLive(ruleMessages.liveNeedsFreshBacktest);
    const { decided, precision } = latest.backtest;
    if (decided < MIN_BACKTEST_DECIDED) throw notLive(ruleMessages.liveNeedsBacktest(decided));
    if (precision === null || precision < MIN_LIVE_PRECISION)
      throw notLive(ruleMessages.liveNeedsPrecision(precision ?? 0));
  }
}
