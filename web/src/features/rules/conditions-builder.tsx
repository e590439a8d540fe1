import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import {
  AD_TYPES,
  MAX_RULE_CONDITIONS,
  RULE_FIELD_OPS,
  RULE_FIELDS,
  SIGNAL_KINDS,
  type RuleField,
  type RuleOp,
} from '@backoffice/contract';
import { Button, FieldError, IconButton, SelectField, cx, inputClass, selectClass } from '../../components/ui';
import { fieldLabels, opLabels, signalWord } from './rule-text';
import { firstValue, valueKind, type ConditionRow, type ValueKind } from './use-rule-form';

const choices: Partial<Record<ValueKind, { value: string; label: string }[]>> = {
  signal: SIGNAL_KINDS.map((k) => ({ value: k, label: signalWord(k) })),
  present: [
    { value: 'true', label: 'Price given' },
    { value: 'false', label: 'No price' },
  ],
  yesNo: [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ],
  adType: AD_TYPES.map((t) => ({ value: t, label: t === 'digital' ? 'Digital' : 'Regular' })),
};

/** The value input of the kind the field and operator take: a list to choose from, or text. */
function ValueInput(props: {
  row: ConditionRow;
  error: string | null;
  errorId: string;
  onChange: (v: string) => void;
}) {
  const { row, error, onChange } = props;
  const id = useId();
  const kind = valueKind(row.field, row.op);
  const options = choices[kind];
  const label = kind === 'list' ? 'Values (separated by commas)' : 'Value';
  const invalid = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? props.errorId : undefined,
  } as const;
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1.5 block text-xs font-medium tracking-wide text-slate-400 uppercase">
        {label}
      </label>
      {options ? (
        <select
          id={id}
          value={row.value}
          onChange={(e) => onChange(e.target.value)}
          className={cx(selectClass, 'w-full', error && 'border-rose-500/70')}
          {...invalid}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          value={row.value}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          placeholder={kind === 'list' ? 'Colombo, Gampaha' : row.op === 'matches' ? 'fee|deposit' : undefined}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
          className={cx(inputClass, 'h-10 py-0 text-sm', error && 'border-rose-500/70')}
          {...invalid}
        />
      )}
    </div>
  );
}

export interface ConditionsBuilderProps {
  rows: ConditionRow[];
  /** Each row's message (the contract's check or the server's "Condition N: …"), or null. */
  rowErrors: (string | null)[];
  /** A message about the list itself ("Add at least one condition"). */
  error: string | null;
  onChange: (index: number, row: ConditionRow) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/**
 * The rule's conditions, all of which must hold: one row each of field, operator (only those the
 * field takes, RULE_FIELD_OPS) and a value of the kind they take. Rows are added and removed here.
 */
export function ConditionsBuilder({ rows, rowErrors, error, onChange, onAdd, onRemove }: ConditionsBuilderProps) {
  function changeField(index: number, field: RuleField) {
    const op = RULE_FIELD_OPS[field].ops[0]!;
    onChange(index, { ...rows[index]!, field, op, value: firstValue(valueKind(field, op)) });
  }
  function changeOp(index: number, op: RuleOp) {
    const row = rows[index]!;
    const sameKind = valueKind(row.field, op) === valueKind(row.field, row.op);
    onChange(index, { ...row, op, value: sameKind ? row.value : firstValue(valueKind(row.field, op)) });
  }
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-300">Conditions (all must hold)</p>
      {rows.map((row, i) => {
        const rowError = rowErrors[i] ?? null;
        return (
          <fieldset
            key={row.key}
            className={cx(
              'rounded-lg border p-3',
              rowError ? 'border-rose-500/50 bg-rose-500/5' : 'border-slate-800 bg-slate-950/40',
            )}
          >
            <legend className="px-1 text-xs text-slate-400">Condition {i + 1}</legend>
            <div className="flex flex-wrap items-end gap-2">
              <SelectField
                label="Field"
                className="w-44"
                value={row.field}
                options={RULE_FIELDS.map((f) => ({ value: f, label: fieldLabels[f] }))}
                onChange={(v) => changeField(i, v as RuleField)}
              />
              <SelectField
                label="Operator"
                className="w-36"
                value={row.op}
                options={RULE_FIELD_OPS[row.field].ops.map((o) => ({ value: o, label: opLabels[o] }))}
                onChange={(v) => changeOp(i, v as RuleOp)}
              />
              <ValueInput
                row={row}
                error={rowError}
                errorId={`rule-${row.key}-error`}
                onChange={(value) => onChange(i, { ...row, value })}
              />
              <IconButton
                aria-label={`Remove condition ${i + 1}`}
                disabled={rows.length <= 1}
                onClick={() => onRemove(i)}
              >
                <X className="size-4" aria-hidden="true" />
              </IconButton>
            </div>
            <FieldError id={`rule-${row.key}-error`} message={rowError} />
          </fieldset>
        );
      })}
      {error && !rowErrors.some(Boolean) && <FieldError id="conditions-error" message={error} />}
      <Button
        variant="ghost"
        size="sm"
        icon={<Plus className="size-4" aria-hidden="true" />}
        disabled={rows.length >= MAX_RULE_CONDITIONS}
        onClick={onAdd}
      >
        Add condition
      </Button>
    </div>
  );
}
