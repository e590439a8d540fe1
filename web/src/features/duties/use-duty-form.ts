import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { dutyUpdateBody, isBlankCondition, type Duty, type DutyStatus } from '@backoffice/contract';
import { firstErrors, showServerErrors } from '../../lib/form';

export type DutyFormValues = { title: string; description: string; conditions: string[]; status: DutyStatus };

const checkDuty = zodResolver(dutyUpdateBody, undefined, { raw: true });

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

/**
 * The duty form on react-hook-form, with the contract's duty schema as its rules (title and
 * description required). A field's message clears when it is edited and comes back on the next
 * save; a 400's per-field messages show under their fields. The form hands on the values as typed.
 */
export function useDutyForm(duty?: Duty) {
  const form = useForm<DutyFormValues>({
    defaultValues: dutyToForm(duty),
    // A blank condition (one added and left empty) is not sent: the server refuses it (issue 32.10).
    resolver: (values, context, options) =>
      checkDuty({ ...values, conditions: values.conditions.filter((c) => !isBlankCondition(c)) }, context, options),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { control, setValue, clearErrors, getValues, setError, formState } = form;
  const values = useWatch({ control }) as DutyFormValues;
  const errors = firstErrors(formState.errors);

  function set<K extends keyof DutyFormValues>(key: K, value: DutyFormValues[K]) {
    setValue(key, value as never);
    clearErrors(key);
  }

  return {
    values,
    errors,
    handleSubmit: form.handleSubmit,
    set,
    setCondition: (index: number, text: string) =>
      set(
        'conditions',
        getValues('conditions').map((c, i) => (i === index ? text : c)),
      ),
    addCondition: () => set('conditions', [...getValues('conditions'), '']),
    /** docs/product.md#duties: removal only while more than one remains. */
    removeCondition: (index: number) => {
      const conditions = getValues('conditions');
      if (conditions.length > 1)
        set(
          'conditions',
          conditions.filter((_, i) => i !== index),
        );
    },
    showServerErrors: (serverErrors: Record<string, string>) =>
      showServerErrors(setError, serverErrors, Object.keys(getValues())),
  };
}
