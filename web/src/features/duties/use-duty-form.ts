import { useState } from 'react';
import { validateDuty, type Duty, type DutyFieldErrors, type DutyStatus } from '@backoffice/contract';

export type DutyFormValues = { title: string; description: string; conditions: string[]; status: DutyStatus };

export function dutyToForm(duty?: Duty): DutyFormValues {
  // docs/product.md#states-and-transitions: new items default to Active; a duty has one or more conditions.
  if (!duty) return { title: '', description: '', conditions: [''], status: 'Active' };
  return {
    title: duty.title,
    description: duty.description,
    conditions: duty.conditions.length ? [...duty.conditions] : [''],
    status: duty.status,
  };
}

/** Duty form state: docs/product.md#validation-rules (title and description required), each error cleared when its field is edited. */
export function useDutyForm(duty?: Duty) {
  const [values, setValues] = useState(() => dutyToForm(duty));
  const [errors, setErrors] = useState<DutyFieldErrors>({});

  function set<K extends keyof DutyFormValues>(key: K, value: DutyFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _cleared, ...rest } = e;
      return rest;
    });
  }

  return {
    values,
    errors,
    set,
    setCondition: (index: number, text: string) =>
      set(
        'conditions',
        values.conditions.map((c, i) => (i === index ? text : c)),
      ),
    addCondition: () => set('conditions', [...values.conditions, '']),
    /** docs/product.md#duties: removal only while more than one remains. */
    removeCondition: (index: number) => {
      if (values.conditions.length > 1)
        set(
          'conditions',
          values.conditions.filter((_, i) => i !== index),
        );
    },
    /** True when the shared rules pass; otherwise shows their messages. */
    validate(): boolean {
      const found = validateDuty(values);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    showServerErrors: (serverErrors: Record<string, string>) => {
      const mapped: DutyFieldErrors = {};
      for (const [path, message] of Object.entries(serverErrors)) {
        const field = path.split('.')[0] as keyof DutyFieldErrors;
        mapped[field] ??= message;
      }
      setErrors(mapped);
    },
  };
}
