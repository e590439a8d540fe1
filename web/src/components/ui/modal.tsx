import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { useDialogFocus } from './use-dialog-focus';

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
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialogFocus(ref, onClose, initialFocus);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-slate-950/70" aria-hidden="true" onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={cx(
          'relative w-full max-w-md rounded-xl border border-slate-800 bg-slate-900 p-6 shadow-2xl shadow-black/50',
          'focus:outline-none',
          className,
        )}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-100">
          {title}
        </h2>
        <div className="mt-3 space-y-3 text-sm text-slate-300">{children}</div>
        {actions != null && <div className="mt-6 flex justify-end gap-2">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
