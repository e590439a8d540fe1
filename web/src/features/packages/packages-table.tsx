import { PackageSearch } from 'lucide-react';
import { packageMessages, type Package, type PackageSortField } from '@backoffice/contract';
import {
  Badge,
  Button,
  EmptyState,
  SkeletonRows,
  SortableHeader,
  StatusBadge,
  TableFrame,
  Th,
  Thumbnail,
  cx,
  rowClass,
  tdClass,
  theadClass,
  ViewEditDeleteCell,
} from '../../components/ui';
import { typeTone, type PackageSort } from './package-list';

const COLUMNS = 7;

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
  const header = (field: PackageSortField, label: string) => (
    <SortableHeader label={label} active={sort.field === field} order={sort.order} onSort={() => onSort(field)} />
  );
  return (
    <TableFrame label="Packages" busy={loading}>
      <thead className={theadClass}>
        <tr>
          {header('pid', 'PID')}
          <Th>Icon</Th>
          {header('name', 'Name')}
          {header('type', 'Type')}
          <Th>Description</Th>
          {header('status', 'Status')}
          <Th className="text-right">Actions</Th>
        </tr>
      </thead>
      <tbody className="text-slate-200">
        {loading ? (
          <SkeletonRows rows={6} columns={COLUMNS} />
        ) : packages.length === 0 ? (
          <EmptyState
            columns={COLUMNS}
            icon={<PackageSearch className="size-6" />}
            message={props.failed ? 'No packages to show' : packageMessages.emptyState}
            action={
              props.failed ? (
                <Button variant="secondary" size="sm" onClick={props.onRetry}>
                  Try again
                </Button>
              ) : undefined
            }
          />
        ) : (
          packages.map((pkg) => (
            <tr key={pkg._id} className={rowClass} aria-label={`${pkg.pid} ${pkg.name}`}>
              <td className={cx(tdClass, 'font-mono text-xs whitespace-nowrap text-slate-400')}>{pkg.pid}</td>
              <td className={tdClass}>
                <Thumbnail src={pkg.icon} alt={`${pkg.type} package icon`} compact className="size-9 rounded-lg" />
              </td>
              <td className={cx(tdClass, 'min-w-44')}>
                <p className="font-medium text-slate-100">{pkg.name}</p>
                <p className="text-xs text-slate-400">{pkg.duration}</p>
              </td>
              <td className={tdClass}>
                <Badge tone={typeTone(pkg.type)}>{pkg.type}</Badge>
              </td>
              {/* max-w-0 + w-full: the description takes the width left over and truncates. */}
              <td className={cx(tdClass, 'w-full max-w-0 min-w-48')}>
                <p className="truncate text-slate-300" title={pkg.description}>
                  {pkg.description}
                </p>
              </td>
              <td className={tdClass}>
                <StatusBadge status={pkg.status} />
              </td>
              <ViewEditDeleteCell
                name={pkg.name}
                onView={() => props.onView(pkg)}
                onEdit={props.onEdit && (() => props.onEdit!(pkg))}
                onDelete={props.onDelete && (() => props.onDelete!(pkg))}
              />
            </tr>
          ))
        )}
      </tbody>
    </TableFrame>
  );
}
