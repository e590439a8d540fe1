import { exportText, type UserStatusFilter } from '@backoffice/contract';
import { BadgeCheck, Filter, Trash2 } from 'lucide-react';
import {
  Button,
  ExportMenu,
  SearchBox,
  SelectField,
  StatusFilter,
  Toolbar,
  type SelectOption,
} from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { userExportUrl } from './users-bulk';

/** The Status dropdown of docs/product.md#user-management, filtered by the server. */
export const userStatusOptions: SelectOption[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'pending', label: 'Pending' },
];

/** What each status means (the server's definition in contract/src/exports.ts). */
const statusMeanings: [string, string][] = [
  ['Active', 'verified advertisers'],
  ['Inactive', 'advertisers not verified yet'],
  ['Pending', 'advertisers with at least one ad awaiting review'],
];

export interface UsersToolbarProps {
  searchText: string;
  onSearch: (text: string) => void;
  status: UserStatusFilter;
  onStatus: (status: UserStatusFilter) => void;
  /** The trimmed search the table shows, for the export. */
  q: string;
  /** Users the search and status match, once counted. */
  total: number | undefined;
  filtersOpen: boolean;
  filtersId: string;
  onToggleFilters: () => void;
  selectedCount: number;
  /** Selected advertisers not verified yet: what the bulk Verify would verify. */
  verifiableCount: number;
  onBulkDelete: () => void;
  onBulkVerify: () => void;
}

/** Search, then the Status dropdown, Filter, Export, bulk Verify and bulk Delete. */
export function UsersToolbar(props: UsersToolbarProps) {
  const active = props.status !== 'all' ? 1 : 0;
  // Exports of users and deletions are an administrator's (docs/decisions/0033-roles.md).
  const canExport = useCan('users.export');
  const canDelete = useCan('users.delete');
  return (
    <Toolbar>
      <SearchBox
        label="Search users"
        value={props.searchText}
        maxLength={200}
        onChange={props.onSearch}
        placeholder="Search by name, username, email, mobile or ID"
      />
      <StatusFilter value={props.status} options={userStatusOptions} onChange={props.onStatus} />
      <Button
        variant="secondary"
        icon={<Filter className="size-4" aria-hidden="true" />}
        aria-expanded={props.filtersOpen}
        aria-controls={props.filtersId}
        onClick={props.onToggleFilters}
      >
        Filter
        {active > 0 && (
          <span className="rounded-full bg-indigo-500/20 px-2 py-0.5 text-xs text-indigo-200 tabular-nums">
            {exportText.filtersActive(active)}
          </span>
        )}
      </Button>
      {canExport && (
        <ExportMenu
          label="Export"
          items={[
            {
              label: exportText.exportUsers(props.total === undefined ? '…' : props.total.toLocaleString('en-LK')),
              href: userExportUrl({ q: props.q, status: props.status }),
            },
          ]}
        />
      )}
      <Button
        variant="secondary"
        icon={<BadgeCheck className="size-4" aria-hidden="true" />}
        disabled={props.verifiableCount === 0}
        title={props.verifiableCount === 0 ? 'Select unverified advertisers to verify them' : undefined}
        onClick={props.onBulkVerify}
      >
        Verify
      </Button>
      {canDelete && (
        <Button
          variant="secondary"
          className="text-rose-300"
          icon={<Trash2 className="size-4" aria-hidden="true" />}
          disabled={props.selectedCount === 0}
          title={props.selectedCount === 0 ? 'Select users to delete them' : undefined}
          onClick={props.onBulkDelete}
        >
          Delete
        </Button>
      )}
    </Toolbar>
  );
}

/** The filter panel: the status with what each one means. */
export function UsersFilterPanel({
  id,
  status,
  onStatus,
}: {
  id: string;
  status: UserStatusFilter;
  onStatus: (status: UserStatusFilter) => void;
}) {
  return (
    <section
      id={id}
      aria-label="Filters"
      className="grid grid-cols-1 gap-4 border-t border-slate-800 bg-slate-950/30 px-4 py-4 sm:grid-cols-3"
    >
      <SelectField
        label="Status"
        value={status}
        options={userStatusOptions}
        onChange={(v) => onStatus(v as UserStatusFilter)}
      />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 self-end text-sm text-slate-400 sm:col-span-2">
        {statusMeanings.map(([term, meaning]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-300">{term}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
