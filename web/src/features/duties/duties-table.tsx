import { ClipboardList } from 'lucide-react';
import { dutyMessages, type Duty } from '@backoffice/contract';
import {
  EmptyState,
  SkeletonRows,
  StatusBadge,
  TableFrame,
  Th,
  cx,
  rowClass,
  tdClass,
  theadClass,
  ViewEditDeleteCell,
} from '../../components/ui';

const COLUMNS = 6;

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
  return (
    <TableFrame label="Duties" busy={loading}>
      <thead className={theadClass}>
        <tr>
          <Th>Duty ID</Th>
          <Th>Title</Th>
          <Th>Description</Th>
          <Th className="text-right">Conditions</Th>
          <Th>Status</Th>
          <Th className="text-right">Actions</Th>
        </tr>
      </thead>
      <tbody className="text-slate-200">
        {loading ? (
          <SkeletonRows rows={5} columns={COLUMNS} />
        ) : duties.length === 0 ? (
          <EmptyState columns={COLUMNS} icon={<ClipboardList className="size-6" />} message={dutyMessages.emptyState} />
        ) : (
          duties.map((duty) => (
            <tr key={duty._id} className={rowClass} aria-label={`${duty.id} ${duty.title}`}>
              <td className={cx(tdClass, 'font-mono text-xs whitespace-nowrap text-slate-400')}>{duty.id}</td>
              <td className={cx(tdClass, 'min-w-52 font-medium text-slate-100')}>{duty.title}</td>
              <td className={cx(tdClass, 'w-full max-w-0 min-w-48')}>
                <p className="truncate text-slate-300" title={duty.description}>
                  {duty.description}
                </p>
              </td>
              <td className={cx(tdClass, 'text-right tabular-nums')}>{duty.conditions.length}</td>
              <td className={tdClass}>
                <StatusBadge status={duty.status} />
              </td>
              <ViewEditDeleteCell
                name={duty.id}
                onView={() => onView(duty)}
                onEdit={onEdit && (() => onEdit(duty))}
                onDelete={onDelete && (() => onDelete(duty))}
              />
            </tr>
          ))
        )}
      </tbody>
    </TableFrame>
  );
}
