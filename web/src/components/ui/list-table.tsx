import { Fragment, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import {
  EmptyState,
  SkeletonRows,
  SortableHeader,
  TableFrame,
  Th,
  rowClass,
  tdClass,
  theadClass,
  type SortOrder,
} from './data-table';
import { SelectAllHeader, SelectCell, ViewEditDeleteCell } from './row-cells';
import { FailedRow } from './table-states';

/** Tailwind's classes per breakpoint, written out so that its scanner sees them. */
const hiddenBelow = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
  wide: 'hidden min-[1400px]:table-cell',
} as const;

// A row that opens (a click, Enter or Space) shows where the keyboard is.
const openableRow =
  'cursor-pointer focus-visible:bg-slate-800/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500';

/** One column of a `DataTable`: what it shows, how it sorts, how wide it is, when it hides. */
export interface Column<T> {
  /** The header's text (the sort button's label when the column sorts). */
  header: string;
  /** The cell's content; with `ownCell`, the whole `<td>` (a kit cell such as ViewEditDeleteCell). */
  cell: (row: T) => ReactNode;
  ownCell?: boolean;
  /** The server's sort key: the header becomes a sort button. */
  sortKey?: string;
  /** Classes of the column's cells, and of its header (width, alignment). */
  className?: string;
  headerClassName?: string;
  /** Hidden below this screen width: the first columns to go on a narrow screen. */
  hideBelow?: keyof typeof hiddenBelow;
}

/**
 * The last column of a list whose rows are viewed, edited and deleted: View, Edit and Delete named
 * after the row; without `onEdit`/`onDelete` (a role that may not change them) only View.
 */
export function viewEditDeleteColumn<T>(o: {
  name: (row: T) => string;
  onView: (row: T) => void;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
}): Column<T> {
  return {
    header: 'Actions',
    headerClassName: 'text-right',
    ownCell: true,
    cell: (row) => (
      <ViewEditDeleteCell
        name={o.name(row)}
        onView={() => o.onView(row)}
        onEdit={o.onEdit && (() => o.onEdit!(row))}
        onDelete={o.onDelete && (() => o.onDelete!(row))}
      />
    ),
  };
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Each row's accessible name (what a screen reader says of it). */
  rowLabel?: (row: T) => string;
  /** Classes every row adds to the kit's (`align-top` for rows of several lines). */
  rowClassName?: string;
  /** The first page is loading: skeleton rows (`skeletonRows` of them, 5 unless told). */
  loading: boolean;
  skeletonRows?: number;
  /** No rows: the screen's message (the spec's words), an icon and an action. */
  empty: { message: string; icon?: ReactNode; action?: ReactNode };
  /** The rows could not be loaded: the message and Try again (with the empty state's icon). */
  failed?: { message: string; onRetry: () => void };
  /** The sort the table shows; a sortable column's header calls `onSort` with its key. */
  sort?: { key: string; order: SortOrder; onSort: (key: string) => void };
  /** A checkbox column first: the rows selected (by key), one row's and the page's toggles. */
  selection?: {
    selected: ReadonlySet<string>;
    onToggle: (key: string) => void;
    onToggleAll: () => void;
    /** The header checkbox's name, and each row's. */
    allLabel: string;
    rowLabel: (row: T) => string;
  };
  /** A click on the row, or Enter or Space on it, opens it (the row takes the focus). */
  onOpen?: (row: T) => void;
}

/**
 * The kit's table (docs/decisions/0024-list-screen-kit.md): the screen describes its columns and the
 * table renders the header with its sort buttons, skeleton rows, the empty and failed states and
 * the rows, hiding the columns marked `hideBelow` on narrow screens.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  rowClassName,
  loading,
  skeletonRows = 5,
  empty,
  failed,
  sort,
  selection,
  onOpen,
}: DataTableProps<T>) {
  const hide = (c: Column<T>) => c.hideBelow && hiddenBelow[c.hideBelow];
  const span = columns.length + (selection ? 1 : 0);
  const openKey = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onOpen?.(row);
  };
  return (
    <TableFrame label={label} busy={loading}>
      <thead className={theadClass}>
        <tr>
          {selection && (
            <SelectAllHeader
              label={selection.allLabel}
              checked={rows.length > 0 && rows.every((row) => selection.selected.has(rowKey(row)))}
              disabled={loading || rows.length === 0}
              onChange={selection.onToggleAll}
            />
          )}
          {columns.map((c) =>
            c.sortKey && sort ? (
              <SortableHeader
                key={c.header}
                label={c.header}
                active={sort.key === c.sortKey}
                order={sort.order}
                onSort={() => sort.onSort(c.sortKey!)}
                className={cx(c.headerClassName, hide(c))}
              />
            ) : (
              <Th key={c.header} className={cx(c.headerClassName, hide(c))}>
                {c.header}
              </Th>
            ),
          )}
        </tr>
      </thead>
      <tbody className="text-slate-200">
        {loading ? (
          <SkeletonRows rows={skeletonRows} columns={span} />
        ) : failed ? (
          <FailedRow columns={span} icon={empty.icon} message={failed.message} onRetry={failed.onRetry} />
        ) : rows.length === 0 ? (
          <EmptyState columns={span} {...empty} />
        ) : (
          rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={cx(
                rowClass,
                rowClassName,
                onOpen && openableRow,
                selection?.selected.has(rowKey(row)) && 'bg-indigo-500/5',
              )}
              aria-label={rowLabel?.(row)}
              {...(onOpen && { tabIndex: 0, onClick: () => onOpen(row), onKeyDown: (e) => openKey(e, row) })}
            >
              {selection && (
                <SelectCell
                  label={selection.rowLabel(row)}
                  checked={selection.selected.has(rowKey(row))}
                  onChange={() => selection.onToggle(rowKey(row))}
                />
              )}
              {columns.map((c) =>
                c.ownCell ? (
                  <Fragment key={c.header}>{c.cell(row)}</Fragment>
                ) : (
                  <td key={c.header} className={cx(tdClass, c.className, hide(c))}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))
        )}
      </tbody>
    </TableFrame>
  );
}
