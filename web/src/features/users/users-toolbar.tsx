import { useId } from 'react';
import { Download, Filter, Search, Trash2 } from 'lucide-react';
import { Button, SelectField, cx, inputClass, type SelectOption } from '../../components/ui';

/** docs/product.md#user-management: a Status dropdown (active/inactive/pending) shown without behaviour. */
const statusOptions: SelectOption[] = [
  { value: '', label: 'Status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'pending', label: 'Pending' },
];

/** Search, then the Status dropdown, Filter, Export and bulk Delete, which the spec shows without behaviour. */
export function UsersToolbar({ searchText, onSearch }: { searchText: string; onSearch: (text: string) => void }) {
  const searchId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2 p-4">
      <div className="relative min-w-56 flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search users
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={searchId}
          type="search"
          value={searchText}
          maxLength={200}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search by name, username, email, mobile or ID"
          className={cx(inputClass, 'h-10 py-0 pl-9 text-sm')}
        />
      </div>
      <SelectField
        label="Status"
        hideLabel
        className="w-36"
        defaultValue=""
        options={statusOptions}
        onChange={() => {}}
      />
      <Button variant="secondary" icon={<Filter className="size-4" aria-hidden="true" />}>
        Filter
      </Button>
      <Button variant="secondary" icon={<Download className="size-4" aria-hidden="true" />}>
        Export
      </Button>
      <Button variant="secondary" className="text-rose-300" icon={<Trash2 className="size-4" aria-hidden="true" />}>
        Delete
      </Button>
    </div>
  );
}
