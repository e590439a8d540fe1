import type { ReactNode, RefObject } from 'react';
import { cx } from './cx';
import { DialogShell, DialogTitle } from './dialog-shell';

export interface ModalProps {
  title: string;
  /** Escape, the backdrop and Cancel buttons call this. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons of the footer, right-aligned (Cancel first, the action last). */
  actions?: ReactNode;
  /** Element focused on open; by default the dialog itself, never the action button. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
}

/** Centred confirmation dialog (docs/ui-style.md): title, text, Cancel and the action. */
export function Modal({ title, onClose, children, actions, initialFocus, className }: ModalProps) {
  return (
    <DialogShell
      onDismiss={onClose}
      initialFocus={initialFocus}
      frameClassName="fixed inset-0 z-50 flex items-center justify-center p-4"
      backdropClassName="absolute inset-0 bg-slate-950/70"
      className={cx(
        'relative w-full max-w-md rounded-xl border border-slate-800 bg-slate-900 p-6 shadow-2xl shadow-black/50',
        className,
      )}
    >
      <DialogTitle className="text-lg font-semibold text-slate-100">{title}</DialogTitle>
      <div className="mt-3 space-y-3 text-sm text-slate-300">{children}</div>
      {actions != null && <div className="mt-6 flex justify-end gap-2">{actions}</div>}
    </DialogShell>
  );
}
