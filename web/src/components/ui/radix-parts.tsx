import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import * as Dialog from '@radix-ui/react-dialog';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import { cx } from './cx';
import type { RowMenuItem } from './row-menu-item';

// Radix UI, loaded apart from the screens (radix-loader.ts): no screen needs it before it shows.

export const Title = Dialog.Title;

export interface RadixDialogProps {
  open: boolean;
  onDismiss: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  frameClassName: string;
  backdropClassName: string;
  className: string;
  children: ReactNode;
}

/**
 * Focus is trapped while open, Escape and outside presses reach the top-most dialog only, the rest
 * of the page is hidden from assistive technology.
 */
export function RadixDialog({
  open,
  onDismiss,
  initialFocus,
  frameClassName,
  backdropClassName,
  className,
  children,
}: RadixDialogProps) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && open) onDismiss();
      }}
    >
      <Dialog.Portal forceMount>
        <div className={frameClassName}>
          <Dialog.Overlay forceMount className={backdropClassName} />
          <Dialog.Content
            forceMount
            ref={content}
            aria-describedby={undefined}
            className={cx('focus:outline-none', className)}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              const box = content.current;
              (initialFocus?.current ?? box?.querySelector<HTMLElement>('[data-autofocus]') ?? box)?.focus();
            }}
            // Focus goes back to the opener when the shell unmounts (dialog-shell.tsx), not a tick later.
            onCloseAutoFocus={(event) => event.preventDefault()}
          >
            {children}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The row menu on Radix UI's dropdown menu: placed beside its button and kept inside the window,
 * arrow keys move, Escape closes and gives focus back to the button.
 */
export function RadixRowMenu({
  label,
  items,
  triggerClassName,
  initiallyOpen = false,
}: {
  label: string;
  items: RowMenuItem[];
  triggerClassName: string;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
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
      <Menu.Trigger ref={trigger} aria-label={label} className={triggerClassName}>
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          aria-label={label}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          loop
          className={contentClass}
          onCloseAutoFocus={(event) => {
            // Back to the button unless an action has already put focus somewhere (a dialog).
            event.preventDefault();
            if (!document.activeElement || document.activeElement === document.body) trigger.current?.focus();
          }}
        >
          <MenuItems items={items} onSelect={select} />
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

const contentClass = 'z-50 min-w-36 rounded-lg border border-slate-700 bg-slate-900 p-1 shadow-xl shadow-black/40';

function MenuItems({ items, onSelect }: { items: RowMenuItem[]; onSelect: (item: RowMenuItem) => void }) {
  return (
    <>
      {items.map((item) => (
        <Menu.Item
          key={item.label}
          disabled={item.disabled}
          onSelect={() => onSelect(item)}
          className={cx(
            'flex min-h-9 w-full cursor-default items-center gap-2 rounded-md px-3 text-left text-sm outline-none',
            'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-70',
            item.tone === 'danger'
              ? 'text-rose-300 data-[highlighted]:bg-rose-500/15'
              : 'text-slate-200 data-[highlighted]:bg-slate-800',
          )}
        >
          {item.icon}
          {item.hint ? (
            <span className="flex flex-col py-1">
              <span>{item.label}</span>
              <span className="max-w-56 truncate text-xs text-slate-400">{item.hint}</span>
            </span>
          ) : (
            item.label
          )}
        </Menu.Item>
      ))}
    </>
  );
}

/**
 * A button named by its own content (the header's user badge) opening a small menu: Enter, Space
 * or a click opens it, arrows move, Escape closes it and gives focus back to the button.
 */
export function RadixMenuButton({
  items,
  triggerClassName,
  children,
  initiallyOpen = false,
}: {
  items: RowMenuItem[];
  triggerClassName: string;
  /** The button's content, which is also its accessible name. */
  children: ReactNode;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Menu.Root open={open} onOpenChange={setOpen} modal={false}>
      <Menu.Trigger ref={trigger} className={triggerClassName}>
        {children}
      </Menu.Trigger>
      <Menu.Portal>
        {/* Named by its button (Radix's aria-labelledby). */}
        <Menu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          loop
          className={contentClass}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!document.activeElement || document.activeElement === document.body) trigger.current?.focus();
          }}
        >
          <MenuItems
            items={items}
            onSelect={(item) => {
              flushSync(() => setOpen(false));
              trigger.current?.focus();
              item.onSelect();
            }}
          />
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
