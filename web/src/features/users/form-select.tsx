import { useId } from 'react';
import { cx, selectClass } from '../../components/ui';

/** A select labelled like the text fields above it. */
export function FormSelect(props: {
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-300">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        disabled={props.disabled}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className={cx(selectClass, 'h-11 w-full text-base')}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {props.hint}
        </p>
      )}
    </div>
  );
}
