import { useId, useRef, useState } from 'react';
import {
  MIN_BACKTEST_DECIDED,
  MIN_LIVE_PRECISION,
  RULE_ACTIONS,
  RULE_MODES,
  ruleMessages,
  type ModerationRule,
  type RuleActionType,
} from '@backoffice/contract';
import { Banner, Button, Modal, SelectField, TextField, type BannerMessage } from '../../components/ui';
import { apiError } from '../../lib/api';
import { useFocusFirstInvalid } from '../../lib/form';
import { useCan } from '../../lib/permissions';
import { ConditionsBuilder } from './conditions-builder';
import { actionLabels, modeLabels } from './rule-text';
import {
  useCreateRuleMutation,
  useRuleQueuesQuery,
  useRuleRejectionReasonsQuery,
  useUpdateRuleMutation,
} from './rules-api';
import { useRuleForm } from './use-rule-form';

export interface RuleEditorDialogProps {
  /** The rule being edited; none when creating one. */
  rule?: ModerationRule;
  onClose: () => void;
  /** Saved: the page closes the dialog and says so. */
  onSaved: (message: string) => void;
}

/**
 * Create or edit a rule (docs/product.md#moderation-rules): name, mode, the conditions and one
 * action with what it needs. The contract's rules are checked before sending; a 400 shows at the
 * field or the condition it names, any other refusal (the live guard, a newer version) above the form.
 */
export function RuleEditorDialog({ rule, onClose, onSaved }: RuleEditorDialogProps) {
  const form = useRuleForm(rule);
  // Without rules.live (a moderator) a rule stays in draft or shadow (docs/decisions/0033-roles.md).
  const canLive = useCan('rules.live');
  const { values, errors } = form;
  const [create, creating] = useCreateRuleMutation();
  const [update, updating] = useUpdateRuleMutation();
  const reasons = useRuleRejectionReasonsQuery(undefined, { skip: values.action.type !== 'reject' });
  const queues = useRuleQueuesQuery(undefined, { skip: values.action.type !== 'route' });
  const [refusal, setRefusal] = useState<BannerMessage | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusFirstInvalid(formRef);
  const formId = useId();
  const busy = creating.isLoading || updating.isLoading;
  const action = values.action;

  const submit = form.handleSubmit(
    async (body) => {
      setRefusal(null);
      const answer = rule
        ? await update({ id: rule._id, body: { ...body, version: rule.version } })
        : await create(body);
      if (!('error' in answer)) {
        onSaved(rule ? ruleMessages.updated : ruleMessages.created);
        return;
      }
      const failure = apiError(answer.error);
      const placed = failure.status === 400 && form.showServerErrors(failure.errors, failure.message);
      if (placed) focusInvalid();
      else setRefusal({ tone: 'error', text: failure.message ?? 'The rule could not be saved. Try again.' });
    },
    () => focusInvalid(),
  );

  const reasonOptions = [
    { value: '', label: 'Choose a reason' },
    ...(reasons.data ?? [])
      .filter((r) => r.status === 'active' || r._id === action.reasonId)
      .map((r) => ({ value: r._id, label: r.title })),
  ];

  return (
    <Modal
      title={rule ? 'Edit rule' : 'New rule'}
      onClose={onClose}
      className="max-w-3xl"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={busy}>
            {rule ? 'Save rule' : 'Create rule'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="-mx-1 max-h-[65vh] space-y-4 overflow-y-auto px-1"
      >
        {refusal && <Banner message={refusal} onDismiss={() => setRefusal(null)} />}
        <div className="flex flex-wrap gap-3">
          <TextField
            label="Name"
            className="min-w-0 flex-1"
            autoComplete="off"
            data-autofocus
            value={values.name}
            error={errors.name}
            onChange={(e) => form.setName(e.target.value)}
          />
          <SelectField
            label="Mode"
            className="w-36"
            value={values.mode}
            options={RULE_MODES.filter((m) => m !== 'live' || canLive).map((m) => ({ value: m, label: modeLabels[m] }))}
            onChange={(v) => form.setMode(v as (typeof RULE_MODES)[number])}
          />
        </div>
        <ConditionsBuilder
          rows={values.conditions}
          rowErrors={errors.conditionRows}
          error={errors.conditions}
          onChange={form.setCondition}
          onAdd={form.addCondition}
          onRemove={form.removeCondition}
        />
        <div className="flex flex-wrap items-start gap-3 border-t border-slate-800 pt-4">
          <SelectField
            label="Action"
            className="w-48"
            value={action.type}
            options={RULE_ACTIONS.map((a) => ({ value: a, label: actionLabels[a] }))}
            onChange={(v) => form.setAction({ type: v as RuleActionType })}
          />
          {action.type === 'flag' && (
            <TextField
              label="Label"
              className="min-w-0 flex-1"
              autoComplete="off"
              value={action.label}
              error={errors.action('label')}
              onChange={(e) => form.setAction({ label: e.target.value })}
            />
          )}
          {action.type === 'route' && (
            <TextField
              label="Queue"
              className="min-w-0 flex-1"
              autoComplete="off"
              placeholder="Senior review"
              list={`${formId}-queues`}
              value={action.queue}
              error={errors.action('queue')}
              onChange={(e) => form.setAction({ queue: e.target.value })}
            />
          )}
          {action.type === 'route' && (
            <datalist id={`${formId}-queues`}>
              {(queues.data ?? []).map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          )}
          {action.type === 'reject' && (
            <div className="min-w-0 flex-1">
              <SelectField
                label="Rejection reason"
                value={action.reasonId}
                options={reasonOptions}
                aria-invalid={errors.action('reasonId') ? true : undefined}
                aria-describedby={errors.action('reasonId') ? `${formId}-reason-error` : undefined}
                onChange={(v) => form.setAction({ reasonId: v })}
              />
              {errors.action('reasonId') && (
                <p id={`${formId}-reason-error`} role="alert" className="mt-1 text-xs text-rose-300">
                  {errors.action('reasonId')}
                </p>
              )}
            </div>
          )}
          {action.type === 'approve' && (
            <TextField
              label="Second review sample (%)"
              className="w-52"
              inputMode="decimal"
              autoComplete="off"
              value={action.sampleRate}
              error={errors.action('sampleRate')}
              onChange={(e) => form.setAction({ sampleRate: e.target.value })}
            />
          )}
        </div>
        {(action.type === 'reject' || action.type === 'approve') && (
          <p className="text-xs text-slate-400">
            A rule that approves or rejects goes live only after a backtest over at least {MIN_BACKTEST_DECIDED} decided
            ads with precision of at least {MIN_LIVE_PRECISION}.
          </p>
        )}
      </form>
    </Modal>
  );
}
