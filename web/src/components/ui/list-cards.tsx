import type { MouseEvent, ReactNode } from 'react';
import { Button } from './button';
import { checkboxClass } from './data-table';
import { RowMenu } from './row-menu';
import type { RowMenuItem } from './row-menu-item';
import { pageSelection, rowCheckbox, rowProps, type ListRowsProps } from './list-rows';
import { cx } from './cx';

// A press on the checkbox or the menu must not also open the row.
const keepToControl = (event: MouseEvent) => event.stopPropagation();

/** A row as a phone's card: a picture (its checkbox goes under it), the text, and the row's menu. */
export interface ListCard {
  media?: ReactNode;
  body: ReactNode;
  menu?: { label: string; items: RowMenuItem[] };
}

export interface CardListProps<T> extends ListRowsProps<T> {
  /** The rows could not be loaded: the message and Try again. */
  failed?: { message: string; onRetry: () => void };
  card: (row: T) => ListCard;
  /** The words beside the page checkbox (its name stays `selection.allLabel`). */
  selectAllText?: string;
}

/**
 * A list's rows as cards, for a phone (docs/ui-style.md: at 390 px lists become cards): the same
 * selection, opening and keyboard ring as the table's rows; a tap opens the card.
 */
export function CardList<T>(props: CardListProps<T>) {
  const { label, rows, rowKey, loading, empty, failed, selection, card } = props;
  if (loading)
    return (
      <ul aria-label={label} aria-busy="true" className="divide-y divide-slate-800 border-t border-slate-800">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} aria-hidden="true" data-testid="skeleton-row" className="flex gap-3 px-3 py-3">
            <div className="size-14 shrink-0 animate-pulse rounded-md bg-slate-800" />
            <div className="flex-1 space-y-2 pt-1">
              <div className="h-3.5 w-3/4 animate-pulse rounded bg-slate-800" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-800" />
            </div>
          </li>
        ))}
      </ul>
    );

  if (failed || rows.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 border-t border-slate-800 px-4 py-12 text-center">
        {empty.icon != null && (
          <div className="text-slate-500" aria-hidden="true">
            {empty.icon}
          </div>
        )}
        <p className="text-slate-300">{failed?.message ?? empty.message}</p>
        {failed ? (
          <Button variant="secondary" size="sm" onClick={failed.onRetry}>
            Try again
          </Button>
        ) : (
          empty.action
        )}
      </div>
    );

  const page = selection && pageSelection(rows, rowKey, selection);
  return (
    <>
      {selection && page && (
        <div className="flex items-center gap-3 border-t border-slate-800 px-3 py-2 text-xs text-slate-400">
          <input
            type="checkbox"
            className={checkboxClass}
            aria-label={selection.allLabel}
            checked={page.checked}
            disabled={page.disabled}
            onChange={selection.onToggleAll}
          />
          <span aria-hidden="true">{props.selectAllText ?? selection.allLabel}</span>
        </div>
      )}
      <ul aria-label={label} className="divide-y divide-slate-800 border-t border-slate-800">
        {rows.map((row) => {
          const key = rowKey(row);
          const { media, body, menu } = card(row);
          const checkbox = rowCheckbox(selection, row, key);
          const { className, ...own } = rowProps(props, row);
          return (
            <li
              key={key}
              {...own}
              className={cx('flex gap-3 px-3 py-3 transition-colors hover:bg-slate-800/40', className)}
            >
              {(media || checkbox) && (
                <div className="flex flex-col items-center gap-2">
                  {media}
                  {checkbox && (
                    // 44 px of target around the box, for a thumb.
                    <label className="-m-2 flex size-11 items-center justify-center" onClick={keepToControl}>
                      <input
                        type="checkbox"
                        className={checkboxClass}
                        aria-label={checkbox.label}
                        checked={checkbox.checked}
                        disabled={checkbox.disabled}
                        title={checkbox.title}
                        onChange={checkbox.onChange}
                      />
                    </label>
                  )}
                </div>
              )}
              <div className="min-w-0 flex-1">{body}</div>
              {menu && (
                <div className="-mr-1 self-start" onClick={keepToControl}>
                  <RowMenu label={menu.label} items={menu.items} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
