import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { cx } from './cx';

/** The dialog's heading; it names the dialog for assistive technology. */
export const DialogTitle = Dialog.Title;

export interface DialogShellProps {
  /** False while the dialog animates out; its caller unmounts it afterwards. */
  open?: boolean;
  /** Escape (on the top-most dialog only) and a press outside the dialog call this. */
  onDismiss: () => void;
  /** Element focused on open; else one marked `data-autofocus`; else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The fixed layer holding the backdrop and the dialog. */
  frameClassName: string;
  backdropClassName: string;
  className: string;
  children: ReactNode;
}

/**
 * Modal dialog on Radix UI: focus is trapped while open, Escape and outside presses reach the
 * top-most dialog only, the rest of the page is hidden from assistive technology. Callers mount
 * it to open it and unmount it to close it; focus then goes back, at once, to what had it when
 * the dialog opened (the row or button that opened it), even if an exit animation ran first.
 */
export function DialogShell({
  open = true,
  onDismiss,
  initialFocus,
  frameClassName,
  backdropClassName,
  className,
  children,
}: DialogShellProps) {
  // Read while rendering, before Radix moves focus into the dialog.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      if (opener?.isConnected) opener.focus();
    },
    [opener],
  );
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
            // Focus goes back to the opener when this unmounts (above), not a tick later.
            onCloseAutoFocus={(event) => event.preventDefault()}
          >
            {children}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
