import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';
import { cx } from './cx';

/**
 * What a list's rows share whether they show as a table's rows or as a phone's cards
 * (docs/decisions/0024-list-screen-kit.md): their names, selection, opening, and the row the
 * keyboard acts on.
 */

/** A checkbox per row and one for the page. */
export interface RowSelection<T> {
  /** The rows selected, by key (a Set, or a Map of what the screen remembers of each). */
  selected: { has: (key: string) => boolean };
  onToggle: (key: string) => void;
  onToggleAll: () => void;
  /** The page checkbox's name, and each row's. */
  allLabel: string;
  rowLabel: (row: T) => string;
  /** Rows that can be selected at all; the others have no checkbox (every row unless told). */
  selectable?: (row: T) => boolean;
  /** Why a row's checkbox is disabled now (its title), or nothing: the page checkbox skips such rows. */
  disabledReason?: (row: T) => string | null | undefined;
  /** The page checkbox's title (what it skips). */
  allTitle?: string;
}

export interface ListRowsProps<T> {
  /** The list's accessible name. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Each row's accessible name (what a screen reader says of it). */
  rowLabel?: (row: T) => string;
  /** The first page is loading: skeletons. */
  loading: boolean;
  /** No rows: the screen's message (the spec's words), an icon and an action. */
  empty: { message: string; icon?: ReactNode; action?: ReactNode };
  selection?: RowSelection<T>;
  /** A click on the row, or Enter or Space on it, opens it (the row takes the focus). */
  onOpen?: (row: T) => void;
  /** The row keyboard review acts on: ringed even while the browser's focus is elsewhere. */
  focusedKey?: string | null;
  /** A row itself took the focus (not a control inside it). */
  onRowFocus?: (row: T) => void;
  /** Also puts each row's key in this data attribute, for a screen that finds a row by it. */
  keyAttribute?: `data-${string}`;
}

/** The page checkbox: over the rows that can be ticked now, checked when every one of them is. */
export function pageSelection<T>(rows: readonly T[], rowKey: (row: T) => string, selection: RowSelection<T>) {
  const open = rows.filter((row) => (selection.selectable?.(row) ?? true) && !selection.disabledReason?.(row));
  return {
    checked: open.length > 0 && open.every((row) => selection.selected.has(rowKey(row))),
    disabled: open.length === 0,
  };
}

/** One row's checkbox as the table and the card show it; null for a row that cannot be selected. */
export function rowCheckbox<T>(selection: RowSelection<T> | undefined, row: T, key: string) {
  if (!selection || !(selection.selectable?.(row) ?? true)) return null;
  const reason = selection.disabledReason?.(row) ?? undefined;
  return {
    label: selection.rowLabel(row),
    checked: selection.selected.has(key),
    disabled: reason !== undefined,
    title: reason,
    onChange: () => selection.onToggle(key),
  };
}

// A row that opens shows where the keyboard is.
const openable =
  'cursor-pointer focus-visible:bg-slate-800/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500';

/** The element props of a row or card: its name and key, its look when selected or reviewed, opening. */
export function rowProps<T>(props: ListRowsProps<T>, row: T) {
  const key = props.rowKey(row);
  const { onOpen, onRowFocus, keyAttribute } = props;
  const openKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onOpen?.(row);
  };
  return {
    ...(keyAttribute && { [keyAttribute]: key }),
    'aria-label': props.rowLabel?.(row),
    className: cx(
      onOpen && openable,
      props.selection?.selected.has(key) && 'bg-indigo-500/5',
      props.focusedKey === key && 'outline-2 -outline-offset-2 outline-indigo-500/70',
    ),
    ...(onRowFocus && { onFocus: (e: FocusEvent<HTMLElement>) => e.target === e.currentTarget && onRowFocus(row) }),
    ...(onOpen && { tabIndex: 0, onClick: () => onOpen(row), onKeyDown: openKey }),
  };
}
