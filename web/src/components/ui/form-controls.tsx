import { useId, type TextareaHTMLAttributes } from 'react';
import { inputClass } from './text-field';
import { cx } from './cx';
import { FieldError } from './field-error';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null;
}

/** Labelled textarea with an optional error line below. */
export function TextAreaField({ label, error, className, id, rows = 3, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-slate-300">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(inputClass, 'resize-y', error && 'border-rose-500/70')}
        {...rest}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface ToggleProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Text shown beside the switch, e.g. "Active" / "Inactive". */
  onText?: string;
  offText?: string;
  disabled?: boolean;
}

/** An accessible on/off switch (role="switch"), used for the Active/Inactive status toggles. */
export function Toggle({ label, checked, onChange, onText, offText, disabled }: ToggleProps) {
  const labelId = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <span id={labelId} className="text-sm font-medium text-slate-300">
        {label}
      </span>
      <span className="flex items-center gap-2">
        {(onText || offText) && (
          <span className={cx('text-sm', checked ? 'text-emerald-300' : 'text-slate-400')}>
            {checked ? onText : offText}
          </span>
        )}
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={labelId}
          disabled={disabled}
          onClick={() => onChange(!checked)}
          className={cx(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
            'focus-visible:ring-2 focus-visible:ring-indigo-500/60 focus-visible:outline-none disabled:opacity-60',
            checked ? 'bg-emerald-500' : 'bg-slate-700',
          )}
        >
          <span
            aria-hidden="true"
            className={cx(
              'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
              checked ? 'translate-x-5' : 'translate-x-0.5',
            )}
          />
        </button>
      </span>
    </div>
  );
}
