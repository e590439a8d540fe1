import { useId, type InputHTMLAttributes } from 'react';
import { cx } from './cx';
import { FieldError } from './field-error';
import { inputClass } from './text-field';

export interface CompactFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  error?: string | null;
  /** Added to the input's classes (a caller's class wins). */
  inputClassName?: string;
}

/** A labelled input in the style of the selects beside it in a filter row (small uppercase label, 40 px high). */
export function CompactField({ label, error, inputClassName, ...rest }: CompactFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-xs font-medium tracking-wide text-slate-400 uppercase">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputClass, 'h-10 py-0 text-sm', error && 'border-rose-500/70', inputClassName)}
        {...rest}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
