import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';
import { FieldError } from './field-error';

export const inputClass =
  'block w-full rounded-lg border border-slate-700 bg-slate-950/60 px-3 py-2.5 text-slate-100 ' +
  'placeholder:text-slate-500 transition-colors focus:border-indigo-500 focus:outline-none ' +
  'focus:ring-2 focus:ring-indigo-500/40 disabled:opacity-60';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Rendered inside the field on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  /** Validation message shown under the field and tied to it for screen readers. */
  error?: string | null;
}

/** Labelled input; the label is tied to the input so it is found by its name. */
export function TextField({ label, trailing, error, className, id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-300">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={cx(inputClass, trailing != null && 'pr-11', error && 'border-rose-500/70')}
          {...rest}
        />
        {trailing != null && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
}
