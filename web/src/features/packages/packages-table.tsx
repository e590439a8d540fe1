import { PackageSearch } from 'lucide-react';
import { packageMessages, type Package, type PackageSortField } from '@backoffice/contract';
import { Badge, DataTable, StatusBadge, Thumbnail, viewEditDeleteColumn, type Column } from '../../components/ui';
import { typeTone, type PackageSort } from './package-list';

export interface PackagesTableProps {
  packages: Package[];
  loading: boolean;
  /** The list could not be loaded: an empty state with Try again. */
  failed: boolean;
  onRetry: () => void;
  sort: PackageSort;
  onSort: (field: PackageSortField) => void;
  onView: (pkg: Package) => void;
  /** Left out for a role without packages.write: no Edit or Delete. */
  onEdit?: (pkg: Package) => void;
  onDelete?: (pkg: Package) => void;
}

/** docs/product.md#packages table: PID, Icon, Name with duration, Type, Description, Status, actions View, Edit, Delete. */
export function PackagesTable(props: PackagesTableProps) {
  const { packages, loading, sort, onSort } = props;
  const columns: Column<Package>[] = [
    {
      header: 'PID',
      sortKey: 'pid',
      cell: (p) => p.pid,
      className: 'font-mono text-xs whitespace-nowrap text-slate-400',
    },
    {
      header: 'Icon',
      cell: (p) => <Thumbnail src={p.icon} alt={`${p.type} package icon`} compact className="size-9 rounded-lg" />,
    },
    {
      header: 'Name',
      sortKey: 'name',
      className: 'min-w-44',
      cell: (p) => (
        <>
          <p className="font-medium text-slate-100">{p.name}</p>
          <p className="text-xs text-slate-400">{p.duration}</p>
        </>
      ),
    },
    { header: 'Type', sortKey: 'type', cell: (p) => <Badge tone={typeTone(p.type)}>{p.type}</Badge> },
    {
      header: 'Description',
      // max-w-0 + w-full: the description takes the width left over and truncates.
      className: 'w-full max-w-0 min-w-48',
      cell: (p) => (
        <p className="truncate text-slate-300" title={p.description}>
          {p.description}
        </p>
      ),
    },
    { header: 'Status', sortKey: 'status', cell: (p) => <StatusBadge status={p.status} /> },
    viewEditDeleteColumn({ name: (p) => p.name, onView: props.onView, onEdit: props.onEdit, onDelete: props.onDelete }),
  ];
  return (
    <DataTable
      label="Packages"
      columns={columns}
      rows={packages}
      rowKey={(p) => p._id}
      rowLabel={(p) => `${p.pid} ${p.name}`}
      loading={loading}
      skeletonRows={6}
      empty={{ icon: <PackageSearch className="size-6" />, message: packageMessages.emptyState }}
      failed={props.failed ? { message: 'No packages to show', onRetry: props.onRetry } : undefined}
      sort={{ key: sort.field, order: sort.order, onSort: (key) => onSort(key as PackageSortField) }}
    />
  );
}
