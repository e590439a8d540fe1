import type { MouseEvent } from 'react';
import { cx } from './cx';
import { Th, checkboxClass, tdClass } from './data-table';
import { RowMenu, type RowMenuItem } from './row-menu';

// A press inside these cells must not also open the row.
const keepToCell = (event: MouseEvent) => event.stopPropagation();

export interface SelectAllHeaderProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  /** Says why, e.g. which rows it skips. */
  title?: string;
  onChange: () => void;
}

/** The checkbox column's header: select (or clear) every selectable row of the page. */
export function SelectAllHeader({ label, checked, disabled, title, onChange }: SelectAllHeaderProps) {
  return (
    <Th className="w-10">
      <input
        type="checkbox"
        className={checkboxClass}
        aria-label={label}
        checked={checked}
        disabled={disabled}
        title={title}
        onChange={onChange}
      />
    </Th>
  );
}

export interface SelectCellProps {
  label: string;
  checked: boolean;
  onChange: () => void;
  /** False leaves the cell empty (a row that cannot be selected). */
  selectable?: boolean;
  /** Shown but not changeable (a row someone else is reviewing). */
  disabled?: boolean;
  title?: string;
}

/** A row's checkbox cell. */
export function SelectCell({ label, checked, onChange, selectable = true, disabled, title }: SelectCellProps) {
  return (
    <td className={tdClass} onClick={keepToCell}>
      {selectable && (
        <input
          type="checkbox"
          className={checkboxClass}
          aria-label={label}
          checked={checked}
          disabled={disabled}
          title={title}
          onChange={onChange}
        />
      )}
    </td>
  );
}

/** A row's last cell: the `⋯` menu of its actions. */
export function ActionsCell({ label, items }: { label: string; items: RowMenuItem[] }) {
  return (
    <td className={cx(tdClass, 'text-right')} onClick={keepToCell}>
      <RowMenu label={label} items={items} />
    </td>
  );
}
