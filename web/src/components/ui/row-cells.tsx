import type { MouseEvent } from 'react';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { IconButton } from './button';
import { cx } from './cx';
import { Th, checkboxClass, tdClass } from './data-table';
import { RowMenu } from './row-menu';
import type { RowMenuItem } from './row-menu-item';

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

export interface ViewEditDeleteCellProps {
  /** Names the row in each button's label: "View …", "Edit …", "Delete …". */
  name: string;
  onView: () => void;
  /** Left out (a role that may not change the list): no Edit button. */
  onEdit?: () => void;
  /** Left out: no Delete button. */
  onDelete?: () => void;
}

/** A row's last cell on the small list screens: View, Edit and Delete as icon buttons. */
export function ViewEditDeleteCell({ name, onView, onEdit, onDelete }: ViewEditDeleteCellProps) {
  return (
    <td className={cx(tdClass, 'text-right whitespace-nowrap')}>
      <IconButton aria-label={`View ${name}`} title="View" onClick={onView}>
        <Eye className="size-4" aria-hidden="true" />
      </IconButton>
      {onEdit && (
        <IconButton aria-label={`Edit ${name}`} title="Edit" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
        </IconButton>
      )}
      {onDelete && (
        <IconButton
          aria-label={`Delete ${name}`}
          title="Delete"
          className="hover:bg-rose-500/15 hover:text-rose-300"
          onClick={onDelete}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </IconButton>
      )}
    </td>
  );
}
