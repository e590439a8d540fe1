import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Plus, UserCheck } from 'lucide-react';
import { ruleMessages, type ModerationRule } from '@backoffice/contract';
import {
  Banner,
  Button,
  ConfirmDeleteModal,
  PageHeader,
  Panel,
  TableCount,
  cx,
  focusRing,
  useTimedMessage,
} from '../../components/ui';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { serverMessage } from '../../lib/api';
import { BacktestDialog } from './backtest-dialog';
import { RuleEditorDialog } from './rule-editor-dialog';
import {
  useDeleteRuleMutation,
  useModerationRulesQuery,
  useRuleRejectionReasonsQuery,
  useUpdateRuleMutation,
} from './rules-api';
import { RULE_MESSAGE_MS } from './rule-text';
import { RulesTable } from './rules-table';

type Open =
  | { kind: 'edit'; rule?: ModerationRule }
  | { kind: 'test'; rule: ModerationRule }
  | { kind: 'delete'; rule: ModerationRule };

/**
 * Moderation rules (docs/product.md#moderation-rules, docs/decisions/0030-moderation-rules.md):
 * reached from the ads directory's header. The rules in run order; create, edit, test, delete, move up or down.
 */
export function RulesPage() {
  const list = useModerationRulesQuery(undefined, { refetchOnMountOrArgChange: true });
  const reasons = useRuleRejectionReasonsQuery();
  const rules = useMemo(
    () => list.data && [...list.data].sort((a, b) => a.order - b.order || a._id.localeCompare(b._id)),
    [list.data],
  );
  const reasonTitle = (id: string) => reasons.data?.find((r) => r._id === id)?.title;
  const [open, setOpen] = useState<Open | null>(null);
  const canEdit = useCan('rules.edit');
  const message = useTimedMessage(RULE_MESSAGE_MS);
  const [remove, removing] = useDeleteRuleMutation();
  const [update, updating] = useUpdateRuleMutation();

  /** Move up / Move down: the rule as it is, at its new place; the server moves the others to make room. */
  async function move(rule: ModerationRule, position: number) {
    const { name, mode, conditions, action, version } = rule;
    const answer = await update({ id: rule._id, body: { name, mode, conditions, action, version, order: position } });
    if ('error' in answer) message.show('error', serverMessage(answer.error, 'The rule could not be moved.'));
  }

  async function confirmDelete(rule: ModerationRule) {
    const answer = await remove(rule._id);
    setOpen(null);
    if ('error' in answer) message.show('error', serverMessage(answer.error, 'The rule could not be deleted.'));
    else message.show('success', ruleMessages.deleted);
  }

  return (
    <>
      <PageHeader
        title="Rules"
        description="Moderation rules run on every new ad after its signals, in this order."
        actions={
          <>
            <Link
              to={paths.secondReview}
              className={cx(
                'inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-slate-100',
                focusRing,
              )}
            >
              <UserCheck className="size-4" aria-hidden="true" />
              Second review
            </Link>
            {canEdit && (
              <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setOpen({ kind: 'edit' })}>
                New rule
              </Button>
            )}
          </>
        }
      />
      <div className="mb-4 empty:hidden" aria-live="polite">
        {message.message && <Banner message={message.message} onDismiss={message.clear} />}
      </div>
      <Panel flush className="overflow-hidden">
        <RulesTable
          rules={rules}
          loading={list.isLoading}
          failed={list.isError}
          onRetry={() => list.refetch()}
          reasonTitle={reasonTitle}
          onCreate={() => setOpen({ kind: 'edit' })}
          onEdit={(rule) => setOpen({ kind: 'edit', rule })}
          onTest={(rule) => setOpen({ kind: 'test', rule })}
          onDelete={(rule) => setOpen({ kind: 'delete', rule })}
          onMove={move}
          moving={updating.isLoading}
        />
        {rules && rules.length > 0 && (
          <TableCount>
            {rules.length} {rules.length === 1 ? 'rule' : 'rules'}
          </TableCount>
        )}
      </Panel>

      {open?.kind === 'edit' && (
        <RuleEditorDialog
          rule={open.rule}
          onClose={() => setOpen(null)}
          onSaved={(text) => {
            setOpen(null);
            message.show('success', text);
          }}
        />
      )}
      {open?.kind === 'test' && <BacktestDialog rule={open.rule} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && (
        <ConfirmDeleteModal
          title="Delete rule"
          busy={removing.isLoading}
          onCancel={() => setOpen(null)}
          onConfirm={() => confirmDelete(open.rule)}
        >
          <p>
            Delete the rule “{open.rule.name}”? It stops acting on new ads; its past actions stay in the activity log.
          </p>
        </ConfirmDeleteModal>
      )}
    </>
  );
}
