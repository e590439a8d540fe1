import { useId, useRef, type SelectHTMLAttributes } from 'react';
import { Plus, X } from 'lucide-react';
import {
  PACKAGE_POPULARITIES,
  PACKAGE_TYPES,
  packageMessages,
  type Package,
  type PackageBody,
  type PackagePopularity,
  type PackageType,
} from '@backoffice/contract';
import {
  Banner,
  Button,
  FieldError,
  IconButton,
  SidePanel,
  TextAreaField,
  TextField,
  Toggle,
  cx,
  inputClass,
  useTimedMessage,
  FormPanelFooter,
} from '../../components/ui';
import { apiError } from '../../lib/api';
import { useFocusFirstInvalid } from '../../lib/form';
import { useCreatePackageMutation, useUpdatePackageMutation } from './packages-api';
import { emptyPackageForm, packageToForm, usePackageForm } from './use-package-form';

/** docs/product.md#business-constants: package messages disappear after 3 s. */
export const PACKAGE_MESSAGE_MS = 3000;

export interface PackageFormPanelProps {
  /** The package being edited; none when adding. */
  pkg?: Package;
  open: boolean;
  onClose: () => void;
  /** Saved: the page closes the panel and shows the success message. */
  onSaved: (message: string) => void;
}

function FormSelect({
  label,
  error,
  options,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-300">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputClass, 'bg-slate-900', error && 'border-rose-500/70')}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Add/Edit Package (docs/product.md#packages, docs/product.md#validation-rules): every field, features list, shared validation, server errors on fields. */
export function PackageFormPanel({ pkg, open, onClose, onSaved }: PackageFormPanelProps) {
  const form = usePackageForm(() => (pkg ? packageToForm(pkg) : emptyPackageForm()));
  const { values, errors } = form;
  const [create, createState] = useCreatePackageMutation();
  const [update, updateState] = useUpdatePackageMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const failure = useTimedMessage(PACKAGE_MESSAGE_MS);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const featuresError = errors.features;

  const focusFirstError = useFocusFirstInvalid(formRef);

  async function save(body: PackageBody) {
    const result = pkg ? await update({ id: pkg._id, body }) : await create(body);
    if ('error' in result) {
      const answer = apiError(result.error);
      if (Object.keys(answer.errors).length > 0) {
        form.showServerErrors(answer.errors);
        focusFirstError();
      }
      failure.show('error', answer.message ?? packageMessages.saveFailed);
      return;
    }
    onSaved(pkg ? packageMessages.updated : packageMessages.created);
  }

  return (
    <SidePanel
      title={pkg ? 'Edit Package' : 'Add Package'}
      open={open}
      onRequestClose={onClose}
      footer={
        <FormPanelFooter formId={formId} onCancel={onClose} saving={saving}>
          {pkg ? 'Save Changes' : 'Add Package'}
        </FormPanelFooter>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => form.handleSubmit(save, focusFirstError)(event)}
        className="space-y-4"
      >
        {failure.message && <Banner message={failure.message} onDismiss={failure.clear} />}
        <TextField
          label="Name"
          value={values.name}
          error={errors.name}
          maxLength={100}
          onChange={(e) => form.setField('name', e.target.value)}
        />
        <div className="grid grid-cols-2 gap-4">
          <FormSelect
            label="Type"
            value={values.type}
            error={errors.type}
            options={[{ value: '', label: 'Select type' }, ...PACKAGE_TYPES.map((t) => ({ value: t, label: t }))]}
            onChange={(e) => form.setField('type', e.target.value as PackageType | '')}
          />
          <TextField
            label="Price (LKR)"
            inputMode="decimal"
            placeholder="e.g. 4500"
            value={values.price}
            error={errors.price}
            onChange={(e) => form.setField('price', e.target.value)}
          />
          <TextField
            label="Duration"
            placeholder="e.g. 30 days"
            value={values.duration}
            error={errors.duration}
            maxLength={50}
            onChange={(e) => form.setField('duration', e.target.value)}
          />
          <TextField
            label="Max Ads"
            inputMode="numeric"
            placeholder="e.g. 10"
            value={values.maxAds}
            error={errors.maxAds}
            onChange={(e) => form.setField('maxAds', e.target.value)}
          />
          <FormSelect
            label="Popularity"
            value={values.popularity}
            error={errors.popularity}
            options={PACKAGE_POPULARITIES.map((p) => ({ value: p, label: p }))}
            onChange={(e) => form.setField('popularity', e.target.value as PackagePopularity)}
          />
          <div className="flex items-end pb-2.5">
            <div className="w-full">
              <Toggle
                label="Status"
                checked={values.status === 'Active'}
                onText="Active"
                offText="Inactive"
                onChange={(on) => form.setField('status', on ? 'Active' : 'Inactive')}
              />
            </div>
          </div>
        </div>
        <TextAreaField
          label="Description"
          rows={3}
          value={values.description}
          error={errors.description}
          maxLength={2000}
          onChange={(e) => form.setField('description', e.target.value)}
        />
        <fieldset aria-describedby={featuresError ? `${formId}-features-error` : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-300">Features</legend>
          <ul className="space-y-2">
            {values.features.map((feature, index) => (
              <li key={index} className="flex items-center gap-2">
                <TextField
                  label={`Feature ${index + 1}`}
                  className="flex-1 [&>label]:sr-only"
                  value={feature}
                  placeholder="e.g. Top of category for 7 days"
                  maxLength={200}
                  aria-invalid={featuresError && feature.trim() === '' ? true : undefined}
                  onChange={(e) => form.setFeature(index, e.target.value)}
                />
                <IconButton
                  aria-label={`Remove feature ${index + 1}`}
                  title={values.features.length === 1 ? 'The last feature cannot be removed' : undefined}
                  disabled={values.features.length === 1}
                  onClick={() => form.removeFeature(index)}
                  className="disabled:cursor-not-allowed disabled:opacity-40"
                >
                  <X className="size-4" aria-hidden="true" />
                </IconButton>
              </li>
            ))}
          </ul>
          <FieldError id={`${formId}-features-error`} message={featuresError} />
          <Button
            variant="ghost"
            size="sm"
            className="mt-2"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={form.addFeature}
          >
            Add feature
          </Button>
        </fieldset>
      </form>
    </SidePanel>
  );
}
