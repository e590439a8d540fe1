import { Fragment, type ReactNode } from 'react';
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
import { CardList, type CardListProps } from './list-cards';
import { pageSelection, rowCheckbox, rowProps, type ListRowsProps } from './list-rows';
import { NARROW_QUERY, useMediaQuery } from './use-media-query';

/** Tailwind's classes per breakpoint, written out so that its scanner sees them. */
const hiddenBelow = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
  wide: 'hidden min-[1400px]:table-cell',
} as const;

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

export interface DataTableProps<T> extends ListRowsProps<T> {
  columns: readonly Column<T>[];
  /** Classes every row adds to the kit's (`align-top` for rows of several lines). */
  rowClassName?: string;
  /** Skeleton rows while the first page loads (5 unless told). */
  skeletonRows?: number;
  /** The rows could not be loaded: the message and Try again (with the empty state's icon). */
  failed?: { message: string; onRetry: () => void };
  /**
   * The sort the table shows; a sortable column's header calls `onSort` with its key, and `onIntent`
   * when the pointer or the focus reaches it (a click may follow: fetch ahead).
   */
  sort?: { key: string; order: SortOrder; onSort: (key: string) => void; onIntent?: (key: string) => void };
  /** On a phone (`NARROW_QUERY`) the rows show as these cards (list-cards.tsx). */
  cards?: Pick<CardListProps<T>, 'card' | 'selectAllText'>;
}

/**
 * The kit's table (docs/decisions/0024-list-screen-kit.md): the screen describes its columns and the
 * table renders the header with its sort buttons, skeleton rows, the empty and failed states and
 * the rows, hiding the columns marked `hideBelow` on narrow screens; with `cards`, a phone gets a
 * card per row instead.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    label,
    columns,
    rows,
    rowKey,
    rowClassName,
    loading,
    skeletonRows = 5,
    empty,
    failed,
    sort,
    selection,
  } = props;
  const narrow = useMediaQuery(NARROW_QUERY);
  if (props.cards && narrow) return <CardList {...props} {...props.cards} />;
  const hide = (c: Column<T>) => c.hideBelow && hiddenBelow[c.hideBelow];
  const span = columns.length + (selection ? 1 : 0);
  const page = selection && pageSelection(rows, rowKey, selection);
  return (
    <TableFrame label={label} busy={loading}>
      <thead className={theadClass}>
        <tr>
          {selection && page && (
            <SelectAllHeader
              label={selection.allLabel}
              checked={page.checked}
              disabled={loading || page.disabled}
              title={selection.allTitle}
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
                onIntent={sort.onIntent && (() => sort.onIntent!(c.sortKey!))}
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
          rows.map((row) => {
            const key = rowKey(row);
            const { className, ...own } = rowProps(props, row);
            const checkbox = rowCheckbox(selection, row, key);
            return (
              <tr key={key} {...own} className={cx(rowClass, rowClassName, className)}>
                {selection && <SelectCell {...(checkbox ?? noCheckbox)} />}
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
            );
          })
        )}
      </tbody>
    </TableFrame>
  );
}

// A row that cannot be selected keeps its (empty) cell; a press there does not open the row either.
const noCheckbox = { selectable: false, label: '', checked: false, onChange: () => {} };
