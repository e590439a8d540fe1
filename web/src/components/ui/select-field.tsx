import { useId, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';

export const selectClass =
  'block h-10 rounded-lg border border-slate-700 bg-slate-900 px-3 pr-8 text-sm text-slate-100 ' +
  'transition-colors focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 disabled:opacity-60';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  label: string;
  /** Keeps the label for assistive technology only (compact toolbars). */
  hideLabel?: boolean;
  options: SelectOption[];
  onChange: (value: string) => void;
}

/** Labelled native select. */
export function SelectField({ label, hideLabel, options, onChange, className, id, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className}>
      <label
        htmlFor={selectId}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-xs font-medium tracking-wide text-slate-400 uppercase'}
      >
        {label}
      </label>
      <select id={selectId} className={cx(selectClass, 'w-full')} onChange={(e) => onChange(e.target.value)} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
