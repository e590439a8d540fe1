import { useId } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type PublicUser } from '@backoffice/contract';
import { Search, X } from 'lucide-react';
import { Button, CompactField, SelectField, cx, focusRing, inputClass, type SelectOption } from '../../components/ui';
import { actionLabels, entityLabels } from '../../lib/activity-format';
import { paths } from '../../lib/paths';
import type { ActivityFilters, FilterKey } from './use-activity-filters';

const entityOptions: SelectOption[] = [
  { value: '', label: 'All entities' },
  ...AUDIT_ENTITIES.map((e) => ({ value: e, label: entityLabels[e] })),
];
const actionOptions: SelectOption[] = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabels[a] })),
];

function adminOptions(admins: PublicUser[] | undefined, current: string | undefined): SelectOption[] {
  const options = (admins ?? []).map((u) => ({ value: u._id, label: u.name?.trim() || u.username }));
  // A chosen admin stays listed while the list loads, or once that admin is gone.
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: 'Selected admin' });
  return [{ value: '', label: 'All admins' }, ...options];
}

function DateField({
  label,
  value,
  onChange,
  ...range
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <CompactField
      label={label}
      type="date"
      value={value ?? ''}
      {...range}
      onChange={(e) => onChange(e.target.value)}
      inputClassName="[color-scheme:dark]"
    />
  );
}

export interface ActivityToolbarProps {
  filters: ActivityFilters;
  searchText: string;
  admins: PublicUser[] | undefined;
  active: boolean;
  onSearch: (text: string) => void;
  onFilter: (key: FilterKey, value: string) => void;
  onClear: () => void;
}

/** Search by label, then entity, action, admin and the date range (both days included). */
export function ActivityToolbar({
  filters,
  searchText,
  admins,
  active,
  onSearch,
  onFilter,
  onClear,
}: ActivityToolbarProps) {
  const searchId = useId();
  return (
    <div className="space-y-3 p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-56 flex-1">
          <label htmlFor={searchId} className="mb-1.5 block text-xs font-medium tracking-wide text-slate-400 uppercase">
            Search activity
          </label>
          <Search className="pointer-events-none absolute bottom-3 left-3 size-4 text-slate-400" aria-hidden="true" />
          <input
            id={searchId}
            type="search"
            value={searchText}
            onChange={(e) => onSearch(e.target.value)}
            placeholder="Search by ad heading, username or name"
            className={cx(inputClass, 'h-10 py-0 pl-9 text-sm')}
          />
        </div>
        {active && (
          <Button variant="ghost" icon={<X className="size-4" aria-hidden="true" />} onClick={onClear}>
            Clear filters
          </Button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <SelectField
          label="Entity"
          className="w-full"
          value={filters.entity ?? ''}
          options={entityOptions}
          onChange={(v) => onFilter('entity', v)}
        />
        <SelectField
          label="Action"
          value={filters.action ?? ''}
          options={actionOptions}
          onChange={(v) => onFilter('action', v)}
        />
        <SelectField
          label="Admin"
          value={filters.actor ?? ''}
          options={adminOptions(admins, filters.actor)}
          onChange={(v) => onFilter('actor', v)}
        />
        <DateField label="From" value={filters.from} max={filters.to} onChange={(v) => onFilter('from', v)} />
        <DateField label="To" value={filters.to} min={filters.from} onChange={(v) => onFilter('to', v)} />
      </div>
      {filters.advertiser && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-400">
          <span>Only the ads of one advertiser.</span>
          <Link
            to={paths.userDetail(filters.advertiser)}
            className={cx('rounded font-medium text-indigo-300 hover:text-indigo-200', focusRing)}
          >
            View advertiser
          </Link>
          <button
            type="button"
            onClick={() => onFilter('advertiser', '')}
            className={cx('rounded font-medium text-slate-300 hover:text-slate-100', focusRing)}
          >
            Show all advertisers
          </button>
        </p>
      )}
    </div>
  );
}
