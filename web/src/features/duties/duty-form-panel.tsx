import { useId, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { MAX_DUTY_CONDITIONS, dutyMessages, type Duty } from '@backoffice/contract';
import { Banner, Button, SidePanel, TextAreaField, TextField, Toggle, FormPanelFooter } from '../../components/ui';
import { useFocusFirstInvalid } from '../../lib/form';
import { ConditionEditor } from './condition-editor';
import { useDutyForm, type DutyFormValues } from './use-duty-form';
import { useSaveDuty } from './use-save-duty';

export interface DutyFormPanelProps {
  duty?: Duty;
  /** Codes on screen, so a new code avoids them before the server is asked. */
  knownCodes: string[];
  open: boolean;
  onClose: () => void;
  onSaved: (duty: Duty) => void;
}

/**
 * Add/Edit duty (docs/product.md#duties): Title, Status toggle, Description and one or more Conditions with bold
 * and link helpers. A failed save shows the spec's alert in an accessible banner (decision 0005).
 */
export function DutyFormPanel({ duty, knownCodes, open, onClose, onSaved }: DutyFormPanelProps) {
  const form = useDutyForm(duty);
  const { values, errors } = form;
  const { save, saving } = useSaveDuty();
  const [failed, setFailed] = useState(false);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  function focusFirstError() {
    setFailed(false);
    focusFirstInvalid();
  }

  async function submit(typed: DutyFormValues) {
    setFailed(false);
    const result = await save(typed, duty, knownCodes);
    if (result.ok) return onSaved(result.duty);
    if (result.errors) form.showServerErrors(result.errors);
    setFailed(true);
  }

  return (
    <SidePanel
      title={duty ? 'Edit Duty' : 'Add New Duty'}
      open={open}
      onRequestClose={onClose}
      footer={
        <FormPanelFooter formId={formId} onCancel={onClose} saving={saving}>
          {duty ? 'Save Changes' : 'Add Duty'}
        </FormPanelFooter>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => form.handleSubmit(submit, focusFirstError)(event)}
        className="space-y-4"
      >
        {failed && (
          <Banner message={{ tone: 'error', text: dutyMessages.saveFailed }} onDismiss={() => setFailed(false)} />
        )}
        {duty && <p className="font-mono text-xs text-slate-400">Duty ID {duty.id}</p>}
        <TextField
          label="Title"
          value={values.title}
          error={errors.title}
          maxLength={150}
          onChange={(e) => form.set('title', e.target.value)}
        />
        <Toggle
          label="Status"
          checked={values.status === 'Active'}
          onText="Active"
          offText="Inactive"
          onChange={(on) => form.set('status', on ? 'Active' : 'Inactive')}
        />
        <TextAreaField
          label="Description"
          rows={3}
          value={values.description}
          error={errors.description}
          maxLength={2000}
          onChange={(e) => form.set('description', e.target.value)}
        />
        <fieldset className="space-y-3">
          <legend className="mb-1.5 text-sm font-medium text-slate-300">Conditions</legend>
          {values.conditions.map((condition, index) => (
            <ConditionEditor
              key={index}
              index={index}
              value={condition}
              onChange={(text) => form.setCondition(index, text)}
              canRemove={values.conditions.length > 1}
              onRemove={() => form.removeCondition(index)}
            />
          ))}
          {errors.conditions && <p className="text-xs text-rose-300">{errors.conditions}</p>}
          <Button
            variant="ghost"
            size="sm"
            icon={<Plus className="size-4" aria-hidden="true" />}
            disabled={values.conditions.length >= MAX_DUTY_CONDITIONS}
            onClick={form.addCondition}
          >
            Add condition
          </Button>
        </fieldset>
      </form>
    </SidePanel>
  );
}
