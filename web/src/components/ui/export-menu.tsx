import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Download } from 'lucide-react';
import { Button } from './button';

export interface ExportMenuItem {
  label: string;
  /** A same-origin URL the server answers with `Content-Disposition: attachment`. */
  href: string;
}

interface Position {
  top: number;
  right: number;
}

/**
 * A toolbar button opening a small menu of downloads. Each item is a plain `<a download>`, so the
 * browser streams the file to disk itself instead of the page holding it in memory. The menu is
 * portalled (tables sit in panels that clip) and closes on scroll, Escape, Tab or a click elsewhere.
 */
export function ExportMenu({ label, items }: { label: string; items: ExportMenuItem[] }) {
  const [position, setPosition] = useState<Position | null>(null);
  // The Button does not take a ref: its wrapper finds it.
  const trigger = useRef<HTMLSpanElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const open = position !== null;

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: Event) => {
      if (event.target instanceof Node && menu.current?.contains(event.target)) return;
      if (event.target instanceof Node && trigger.current?.contains(event.target)) return;
      setPosition(null);
    };
    const dismiss = () => setPosition(null);
    document.addEventListener('mousedown', close);
    window.addEventListener('resize', dismiss);
    window.addEventListener('scroll', dismiss, true);
    return () => {
      document.removeEventListener('mousedown', close);
      window.removeEventListener('resize', dismiss);
      window.removeEventListener('scroll', dismiss, true);
    };
  }, [open]);

  function toggle() {
    if (open || !trigger.current) {
      setPosition(null);
      return;
    }
    const rect = (trigger.current.querySelector('button') ?? trigger.current).getBoundingClientRect();
    setPosition({ top: rect.bottom + 4, right: Math.max(8, window.innerWidth - rect.right) });
  }

  function closeAndFocus() {
    setPosition(null);
    trigger.current?.querySelector('button')?.focus();
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
    }
  }

  return (
    <>
      <span ref={trigger} className="contents">
        <Button
          variant="secondary"
          className="max-sm:px-3"
          icon={<Download className="size-4" aria-hidden="true" />}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={toggle}
        >
          {label}
        </Button>
      </span>
      {position &&
        createPortal(
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKeyDown}
            style={{ top: position.top, right: position.right }}
            className="fixed z-50 min-w-56 rounded-lg border border-slate-700 bg-slate-900 p-1 shadow-xl shadow-black/40"
          >
            {items.map((item) => (
              <a
                key={item.label}
                role="menuitem"
                tabIndex={-1}
                href={item.href}
                download
                onClick={closeAndFocus}
                className="flex h-9 w-full items-center gap-2 rounded-md px-3 text-left text-sm whitespace-nowrap text-slate-200 tabular-nums hover:bg-slate-800 focus:bg-slate-800 focus:outline-none"
              >
                <Download className="size-4 text-slate-400" aria-hidden="true" />
                {item.label}
              </a>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
