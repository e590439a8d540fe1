import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import { focusRing } from './button';
import { cx } from './cx';

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
}

/**
 * The `⋯` button of a table row (the action cell) and its small menu, on Radix UI's dropdown
 * menu: it is placed beside its button and kept inside the window, arrow keys move, Escape closes
 * and gives focus back to the button.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  function select(item: RowMenuItem) {
    // The menu is gone and its button focused before the action runs: a browser confirm it opens
    // blocks rendering and must not show over an open menu, and a dialog it opens gives focus
    // back to the button.
    flushSync(() => setOpen(false));
    trigger.current?.focus();
    item.onSelect();
  }

  return (
    <Menu.Root open={open} onOpenChange={setOpen} modal={false}>
      <Menu.Trigger
        ref={trigger}
        aria-label={label}
        className={cx(
          'inline-flex size-8 items-center justify-center rounded-lg text-slate-400 transition-colors',
          'hover:bg-slate-800 hover:text-slate-100 data-[state=open]:bg-slate-800 data-[state=open]:text-slate-100',
          focusRing,
        )}
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          aria-label={label}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          loop
          className="z-50 min-w-36 rounded-lg border border-slate-700 bg-slate-900 p-1 shadow-xl shadow-black/40"
          onCloseAutoFocus={(event) => {
            // Back to the button unless an action has already put focus somewhere (a dialog).
            event.preventDefault();
            if (!document.activeElement || document.activeElement === document.body) trigger.current?.focus();
          }}
        >
          {items.map((item) => (
            <Menu.Item
              key={item.label}
              onSelect={() => select(item)}
              className={cx(
                'flex h-9 w-full cursor-default items-center gap-2 rounded-md px-3 text-left text-sm outline-none',
                item.tone === 'danger'
                  ? 'text-rose-300 data-[highlighted]:bg-rose-500/15'
                  : 'text-slate-200 data-[highlighted]:bg-slate-800',
              )}
            >
              {item.icon}
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
