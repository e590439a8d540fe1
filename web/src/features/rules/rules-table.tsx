import { ArrowDown, ArrowUp, FlaskConical, ListChecks, Pencil, Trash2 } from 'lucide-react';
import { formatActivityTime, type ModerationRule } from '@backoffice/contract';
import {
  Badge,
  EmptyState,
  FailedRow,
  IconButton,
  SkeletonRows,
  TableFrame,
  Th,
  cx,
  rowClass,
  tdClass,
  theadClass,
} from '../../components/ui';
import { notAllowedReason, useCan } from '../../lib/permissions';
import { actionWords, conditionWords, modeLabels, modeTones, ratio } from './rule-text';

const COLUMNS = 8;
const count = (n: number) => n.toLocaleString('en-LK');

/** Fired and overturned, and since when: from the audit trail (docs/decisions/0030-moderation-rules.md). */
function FiguresCell({ rule }: { rule: ModerationRule }) {
  const f = rule.figures;
  if (rule.mode === 'draft' && f.fired === 0) return <span className="text-slate-400">Not running</span>;
  if (f.fired === 0) return <span className="text-slate-400">Not fired yet</span>;
  return (
    <div className="tabular-nums">
      <p className="text-slate-100">
        {count(f.fired)} fired · {count(f.overturned)} overturned
      </p>
      {f.firstFiredAt && <p className="text-xs text-slate-400">Since {formatActivityTime(f.firstFiredAt)}</p>}
    </div>
  );
}

function BacktestCell({ rule }: { rule: ModerationRule }) {
  const b = rule.latestBacktest;
  if (!b) return <span className="text-slate-400">Not tested</span>;
  if (b.state === 'running') return <span className="text-slate-400">Running…</span>;
  const stale = b.version !== rule.version;
  return (
    <div className="tabular-nums">
      <p className="text-slate-100">
        Precision {ratio(b.precision)} · {count(b.decided)} decided
      </p>
      <p className="text-xs text-slate-400">
        {b.state === 'cancelled' ? 'Cancelled' : b.state === 'failed' ? 'Failed' : formatActivityTime(b.startedAt)}
        {stale && ' · an older version'}
      </p>
    </div>
  );
}

export interface RulesTableProps {
  rules: ModerationRule[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  reasonTitle: (id: string) => string | undefined;
  onEdit: (rule: ModerationRule) => void;
  onTest: (rule: ModerationRule) => void;
  onDelete: (rule: ModerationRule) => void;
  onCreate: () => void;
  /** Moves the rule to this place in the run order (0 is first). */
  onMove: (rule: ModerationRule, position: number) => void;
  /** A move is being saved: the move buttons wait. */
  moving?: boolean;
}

/** The rules in the order they run: what each checks and does, and how it has fared. */
export function RulesTable(props: RulesTableProps) {
  const { rules, loading } = props;
  // Support reads the rules; a moderator changes those in draft and shadow, a live one is an
  // administrator's (rules.live): its buttons show disabled with the reason (docs/decisions/0033-roles.md).
  const canEdit = useCan('rules.edit');
  const canLive = useCan('rules.live');
  const lockedTitle = (rule: ModerationRule, title: string) =>
    rule.mode === 'live' && !canLive ? notAllowedReason : title;
  const locked = (rule: ModerationRule) => (rule.mode === 'live' && !canLive) || undefined;
  return (
    <TableFrame label="Rules" busy={loading}>
      <thead className={theadClass}>
        <tr>
          <Th className="w-12 text-right">Order</Th>
          <Th>Name</Th>
          <Th>Mode</Th>
          <Th>Does</Th>
          <Th>When</Th>
          <Th>Fired</Th>
          <Th>Latest backtest</Th>
          <Th className="text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {loading && !rules ? (
          <SkeletonRows rows={4} columns={COLUMNS} />
        ) : props.failed && !rules ? (
          <FailedRow columns={COLUMNS} message="The rules could not be loaded." onRetry={props.onRetry} />
        ) : !rules?.length ? (
          <EmptyState
            columns={COLUMNS}
            icon={<ListChecks className="size-5" />}
            message="No rules yet."
            action={
              canEdit && (
                <button type="button" className="text-sm font-medium text-indigo-300" onClick={props.onCreate}>
                  Create the first rule
                </button>
              )
            }
          />
        ) : (
          rules.map((rule, i) => (
            <tr key={rule._id} className={cx(rowClass, 'align-top')}>
              <td className={cx(tdClass, 'text-right text-slate-400 tabular-nums')}>{i + 1}</td>
              <td className={cx(tdClass, 'font-medium text-slate-100')}>{rule.name}</td>
              <td className={tdClass}>
                <Badge tone={modeTones[rule.mode]}>{modeLabels[rule.mode]}</Badge>
              </td>
              <td className={cx(tdClass, 'text-slate-300')}>{actionWords(rule.action, props.reasonTitle)}</td>
              <td className={cx(tdClass, 'text-slate-300')}>
                <ul className="space-y-0.5">
                  {rule.conditions.map((c, j) => (
                    <li key={j}>{conditionWords(c)}</li>
                  ))}
                </ul>
              </td>
              <td className={tdClass}>
                <FiguresCell rule={rule} />
              </td>
              <td className={tdClass}>
                <BacktestCell rule={rule} />
              </td>
              <td className={cx(tdClass, 'text-right whitespace-nowrap')}>
                {canEdit && (
                  <>
                    <IconButton
                      aria-label={`Move ${rule.name} up`}
                      title={lockedTitle(rule, 'Move up')}
                      disabled={i === 0 || props.moving || locked(rule)}
                      onClick={() => props.onMove(rule, i - 1)}
                    >
                      <ArrowUp className="size-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${rule.name} down`}
                      title={lockedTitle(rule, 'Move down')}
                      disabled={i === rules.length - 1 || props.moving || locked(rule)}
                      onClick={() => props.onMove(rule, i + 1)}
                    >
                      <ArrowDown className="size-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      aria-label={`Test ${rule.name}`}
                      title="Test this rule"
                      onClick={() => props.onTest(rule)}
                    >
                      <FlaskConical className="size-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      aria-label={`Edit ${rule.name}`}
                      title={lockedTitle(rule, 'Edit')}
                      disabled={locked(rule)}
                      onClick={() => props.onEdit(rule)}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ${rule.name}`}
                      title={lockedTitle(rule, 'Delete')}
                      disabled={locked(rule)}
                      className="hover:bg-rose-500/15 hover:text-rose-300"
                      onClick={() => props.onDelete(rule)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </IconButton>
                  </>
                )}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </TableFrame>
  );
}
