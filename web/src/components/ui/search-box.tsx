import { useId, type InputHTMLAttributes } from 'react';
import { Search } from 'lucide-react';
import { cx } from './cx';
import { inputClass } from './text-field';

/** How long typing must pause before a search is asked for. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchBoxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'className' | 'type' | 'id'
> {
  /** The accessible name (visually hidden). */
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  maxLength?: number;
  className?: string;
}

/** The search field of a list toolbar: a magnifier icon and a hidden label. */
export function SearchBox({ label, value, onChange, placeholder, maxLength, className, ...rest }: SearchBoxProps) {
  const id = useId();
  return (
    <div className={cx('relative min-w-56 flex-1', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        {...rest}
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={cx(inputClass, 'h-10 py-0 pl-9 text-sm')}
      />
    </div>
  );
}
