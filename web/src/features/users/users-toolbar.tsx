import { Download, Filter, Trash2 } from 'lucide-react';
import { Button, SearchBox, SelectField, Toolbar, type SelectOption } from '../../components/ui';

/** docs/product.md#user-management: a Status dropdown (active/inactive/pending) shown without behaviour. */
const statusOptions: SelectOption[] = [
  { value: '', label: 'Status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'pending', label: 'Pending' },
];

/** Search, then the Status dropdown, Filter, Export and bulk Delete, which the spec shows without behaviour. */
export function UsersToolbar({ searchText, onSearch }: { searchText: string; onSearch: (text: string) => void }) {
  return (
    <Toolbar>
      <SearchBox
        label="Search users"
        value={searchText}
        maxLength={200}
        onChange={onSearch}
        placeholder="Search by name, username, email, mobile or ID"
      />
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
    </Toolbar>
  );
}
