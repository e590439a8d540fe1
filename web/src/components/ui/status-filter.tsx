import { SelectField, type SelectOption } from './select-field';

/** The status filter of the packages, duties and banners screens. */
export const activeStatusOptions: SelectOption[] = [
  { value: 'all', label: 'All' },
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

export interface StatusFilterProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  options?: SelectOption[];
}

/** A toolbar's Status dropdown, its label kept for assistive technology. */
export function StatusFilter<T extends string>({
  value,
  onChange,
  options = activeStatusOptions,
}: StatusFilterProps<T>) {
  return (
    <SelectField
      label="Status"
      hideLabel
      className="w-36"
      value={value}
      options={options}
      onChange={(v) => onChange(v as T)}
    />
  );
}
