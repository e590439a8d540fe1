import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import {
  AD_TYPES,
  RULE_FIELD_OPS,
  SIGNAL_KINDS,
  ruleBody,
  type ModerationRule,
  type RuleActionType,
  type RuleBody,
  type RuleField,
  type RuleMode,
  type RuleOp,
} from '@backoffice/contract';

/** One condition as the builder holds it: the value as typed (or chosen), a key for React. */
export interface ConditionRow {
  key: string;
  field: RuleField;
  op: RuleOp;
  value: string;
}

/** What the editor's inputs hold; `sampleRate` is a percent as typed. */
export interface RuleFormValues {
  name: string;
  mode: RuleMode;
  conditions: ConditionRow[];
  action: { type: RuleActionType; label: string; queue: string; reasonId: string; sampleRate: string };
}

/** How a condition's value is entered: a choice from a list, a list of words, a number or text. */
export type ValueKind = 'signal' | 'present' | 'yesNo' | 'adType' | 'list' | 'number' | 'text';

export function valueKind(field: RuleField, op: RuleOp): ValueKind {
  if (op === 'has') return field === 'price' ? 'present' : 'signal';
  if (op === 'in') return 'list';
  if (field === 'adType') return 'adType';
  const spec = RULE_FIELD_OPS[field].value;
  return spec === 'boolean' ? 'yesNo' : spec === 'number' ? 'number' : 'text';
}

/** The value a fresh row of this kind starts with: the first choice of a list, else empty. */
export function firstValue(kind: ValueKind): string {
  if (kind === 'signal') return SIGNAL_KINDS[0];
  if (kind === 'present' || kind === 'yesNo') return 'true';
  if (kind === 'adType') return AD_TYPES[0];
  return '';
}

let keys = 0;
const nextKey = () => `c${++keys}`;

export function newCondition(field: RuleField = 'text'): ConditionRow {
  const op = RULE_FIELD_OPS[field].ops[0]!;
  return { key: nextKey(), field, op, value: firstValue(valueKind(field, op)) };
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  return value === undefined || value === null ? '' : String(value);
}

export function ruleToForm(rule?: ModerationRule): RuleFormValues {
  if (!rule)
    return {
      name: '',
      mode: 'draft',
      conditions: [newCondition()],
      action: { type: 'flag', label: '', queue: '', reasonId: '', sampleRate: '5' },
    };
  const a = rule.action;
  return {
    name: rule.name,
    mode: rule.mode,
    conditions: rule.conditions.map((c) => ({
      key: nextKey(),
      field: c.field as RuleField,
      op: c.op as RuleOp,
      // A price "has" with no value means "has a price".
      value: c.value === undefined && c.op === 'has' ? 'true' : valueText(c.value),
    })),
    action: {
      type: a.type,
      label: a.label ?? '',
      queue: a.queue ?? '',
      reasonId: a.reasonId ?? '',
      sampleRate: a.sampleRate === undefined ? '5' : String(Math.round(a.sampleRate * 1000) / 10),
    },
  };
}

function conditionValue(row: ConditionRow): unknown {
  const kind = valueKind(row.field, row.op);
  if (kind === 'present' || kind === 'yesNo') return row.value === 'true';
  if (kind === 'list')
    return row.value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  if (kind === 'number') {
    // Text that is no number goes as typed: the contract's check then names the condition.
    const n = Number(row.value.trim());
    return row.value.trim() !== '' && Number.isFinite(n) ? n : row.value;
  }
  return row.value;
}

/** The request body the editor stands for; the contract's rules then check it as the server will. */
export function formToBody(values: RuleFormValues): RuleBody {
  const a = values.action;
  const rate = a.sampleRate.trim();
  return {
    name: values.name,
    mode: values.mode,
    conditions: values.conditions.map((row) => ({ field: row.field, op: row.op, value: conditionValue(row) as never })),
    action: {
      type: a.type,
      ...(a.type === 'flag' ? { label: a.label } : {}),
      ...(a.type === 'route' ? { queue: a.queue } : {}),
      ...(a.type === 'reject' && a.reasonId ? { reasonId: a.reasonId } : {}),
      ...(a.type === 'approve' && rate ? { sampleRate: Number(rate) / 100 } : {}),
    },
  };
}

const ruleFormSchema = z.custom<RuleFormValues>().transform(formToBody).pipe(ruleBody);
/** The body the editor sends: the contract's schema has checked and trimmed it. */
export type CheckedRuleBody = z.output<typeof ruleBody>;

/** A condition's index named by a 400: its key (`conditions.1`, `conditions.1.value`) or its message ("Condition 2: …"). */
export function conditionIndex(key: string, message: string): number | null {
  const byKey = /^conditions\.(\d+)/.exec(key);
  if (byKey) return Number(byKey[1]);
  const byMessage = /^Condition (\d+):/.exec(message);
  return byMessage ? Number(byMessage[1]) - 1 : null;
}

type ActionField = 'label' | 'queue' | 'reasonId' | 'sampleRate';

/**
 * The rule editor on react-hook-form over the contract's `ruleBody`: checked on save, a message
 * cleared when its input is edited, a 400's messages put at the field or the condition they name.
 */
export function useRuleForm(rule?: ModerationRule) {
  const form = useForm<RuleFormValues, unknown, CheckedRuleBody>({
    defaultValues: ruleToForm(rule),
    resolver: zodResolver(ruleFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { control, setValue, getValues, clearErrors, setError, formState } = form;
  const values = useWatch({ control }) as RuleFormValues;
  const errors = formState.errors as FieldErrors<RuleFormValues>;
  const conditionErrors = values.conditions.map((_, i) => {
    const node = errors.conditions?.[i] as
      | { message?: string; field?: { message?: string }; op?: { message?: string }; value?: { message?: string } }
      | undefined;
    return node?.message ?? node?.value?.message ?? node?.op?.message ?? node?.field?.message ?? null;
  });
  const conditionsError = (errors.conditions as { message?: string } | undefined)?.message ?? null;

  function setConditions(update: (rows: ConditionRow[]) => ConditionRow[]) {
    setValue('conditions', update(getValues('conditions')));
    clearErrors('conditions');
  }

  return {
    values,
    handleSubmit: form.handleSubmit,
    errors: {
      name: errors.name?.message ?? null,
      mode: errors.mode?.message ?? null,
      conditions: conditionsError,
      conditionRows: conditionErrors,
      action: (field: ActionField | 'type') => errors.action?.[field]?.message ?? null,
    },
    setName: (name: string) => {
      setValue('name', name);
      clearErrors('name');
    },
    setMode: (mode: RuleMode) => {
      setValue('mode', mode);
      clearErrors('mode');
    },
    setAction: (patch: Partial<RuleFormValues['action']>) => {
      setValue('action', { ...getValues('action'), ...patch });
      clearErrors('action');
    },
    setCondition: (index: number, row: ConditionRow) => {
      setValue(`conditions.${index}`, row);
      clearErrors(`conditions.${index}`);
    },
    addCondition: () => setConditions((rows) => [...rows, newCondition()]),
    removeCondition: (index: number) => setConditions((rows) => rows.filter((_, i) => i !== index)),
    /**
     * A 400's messages where they belong; true when at least one was placed (the rest is for the
     * dialog's banner).
     */
    showServerErrors(serverErrors: Record<string, string>, message: string | null): boolean {
      const entries = Object.entries(serverErrors);
      if (message && entries.length === 0) entries.push(['_', message]);
      let placed = false;
      for (const [key, text] of entries) {
        const index = conditionIndex(key, text);
        if (index !== null && index < getValues('conditions').length) {
          setError(`conditions.${index}`, { type: 'server', message: text });
          placed = true;
        } else if (key === 'name' || key === 'mode') {
          setError(key, { type: 'server', message: text });
          placed = true;
        } else if (/^action\.(label|queue|reasonId|sampleRate)$/.test(key)) {
          setError(key as `action.${ActionField}`, { type: 'server', message: text });
          placed = true;
        }
      }
      return placed;
    },
  };
}
