import { useEffect, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { loadedRadix, useRadix } from './radix-loader';

/** The dialog's heading; it names the dialog for assistive technology. */
export function DialogTitle(props: ComponentProps<'h2'>) {
  const { Title } = loadedRadix();
  return <Title {...props} />;
}

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
 * Modal dialog on Radix UI (radix-parts.tsx): focus is trapped while open, Escape and outside
 * presses reach the top-most dialog only, the rest of the page is hidden from assistive
 * technology. Callers mount it to open it and unmount it to close it; focus then goes back, at
 * once, to what had it when the dialog opened (the row or button that opened it), even if an exit
 * animation ran first.
 */
export function DialogShell({ open = true, ...props }: DialogShellProps) {
  // Read while rendering, before the dialog takes focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      if (opener?.isConnected) opener.focus();
    },
    [opener],
  );
  const radix = useRadix();
  return radix ? <radix.RadixDialog open={open} {...props} /> : null;
}
