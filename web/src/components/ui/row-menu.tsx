import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { MoreHorizontal } from 'lucide-react';
import { focusRing } from './button';
import { cx } from './cx';

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
}

interface Position {
  top?: number;
  bottom?: number;
  right: number;
}

const ITEM_HEIGHT = 36;

/**
 * The `⋯` button of a table row and its small menu. The menu is portalled with fixed
 * positioning so a scrolling table does not clip it, follows its button on scroll, and opens
 * upwards near the bottom of the window. Arrow keys move, Escape and Tab close, focus goes back to the button before an item
 * runs (so a dialog it opens returns focus to the button).
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [position, setPosition] = useState<Position | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const open = position !== null;

  // Where the menu goes: below the button, or above it near the bottom of the window.
  const place = useCallback((): Position | null => {
    if (!trigger.current) return null;
    const rect = trigger.current.getBoundingClientRect();
    const height = items.length * ITEM_HEIGHT + 8;
    const right = Math.max(8, window.innerWidth - rect.right);
    return rect.bottom + height + 8 > window.innerHeight
      ? { bottom: window.innerHeight - rect.top + 4, right }
      : { top: rect.bottom + 4, right };
  }, [items.length]);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: Event) => {
      if (event.target instanceof Node && menu.current?.contains(event.target)) return;
      if (event.target instanceof Node && trigger.current?.contains(event.target)) return;
      setPosition(null);
    };
    // Scrolling (also the browser bringing the button into view) moves the menu with its button.
    const follow = () => setPosition((p) => (p ? place() : p));
    document.addEventListener('mousedown', close);
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      document.removeEventListener('mousedown', close);
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
  }, [open, place]);

  function toggle() {
    setPosition(open ? null : place());
  }

  function closeAndFocus() {
    setPosition(null);
    trigger.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    event.stopPropagation();
    const entries = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      closeAndFocus();
    } else if (event.key === 'Tab') {
      setPosition(null);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      entries[(index + step + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      entries[event.key === 'Home' ? 0 : entries.length - 1]?.focus();
    }
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
        className={cx(
          'inline-flex size-8 items-center justify-center rounded-lg text-slate-400 transition-colors',
          'hover:bg-slate-800 hover:text-slate-100',
          open && 'bg-slate-800 text-slate-100',
          focusRing,
        )}
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </button>
      {position &&
        createPortal(
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKeyDown}
            style={{ top: position.top, bottom: position.bottom, right: position.right }}
            className="fixed z-50 min-w-36 rounded-lg border border-slate-700 bg-slate-900 p-1 shadow-xl shadow-black/40"
          >
            {items.map((item) => (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  // The menu is gone from the screen before the action runs: a browser confirm it
                  // opens blocks rendering, and must not show over a menu that is still open.
                  flushSync(closeAndFocus);
                  item.onSelect();
                }}
                className={cx(
                  'flex h-9 w-full items-center gap-2 rounded-md px-3 text-left text-sm focus:outline-none',
                  item.tone === 'danger'
                    ? 'text-rose-300 hover:bg-rose-500/15 focus:bg-rose-500/15'
                    : 'text-slate-200 hover:bg-slate-800 focus:bg-slate-800',
                )}
              >
                {item.icon}
                {item.label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
