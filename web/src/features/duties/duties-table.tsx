import { ClipboardList } from 'lucide-react';
import { dutyMessages, type Duty } from '@backoffice/contract';
import { DataTable, StatusBadge, viewEditDeleteColumn, type Column } from '../../components/ui';

export interface DutiesTableProps {
  duties: readonly Duty[];
  loading: boolean;
  onView: (duty: Duty) => void;
  /** Left out for a role without duties.write: no Edit or Delete. */
  onEdit?: (duty: Duty) => void;
  onDelete?: (duty: Duty) => void;
}

/** docs/product.md#duties table: Duty ID, Title, Description, number of conditions, Status, actions View, Edit, Delete. */
export function DutiesTable({ duties, loading, onView, onEdit, onDelete }: DutiesTableProps) {
  const columns: Column<Duty>[] = [
    { header: 'Duty ID', cell: (d) => d.id, className: 'font-mono text-xs whitespace-nowrap text-slate-400' },
    { header: 'Title', cell: (d) => d.title, className: 'min-w-52 font-medium text-slate-100' },
    {
      header: 'Description',
      cell: (d) => (
        <p className="truncate text-slate-300" title={d.description}>
          {d.description}
        </p>
      ),
      className: 'w-full max-w-0 min-w-48',
    },
    {
      header: 'Conditions',
      cell: (d) => d.conditions.length,
      className: 'text-right tabular-nums',
      headerClassName: 'text-right',
    },
    { header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
    viewEditDeleteColumn({ name: (d) => d.id, onView, onEdit, onDelete }),
  ];
  return (
    <DataTable
      label="Duties"
      columns={columns}
      rows={duties}
      rowKey={(d) => d._id}
      rowLabel={(d) => `${d.id} ${d.title}`}
      loading={loading}
      empty={{ icon: <ClipboardList className="size-6" />, message: dutyMessages.emptyState }}
    />
  );
}
