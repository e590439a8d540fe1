import { useEffect, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { IconButton } from './button';
import { cx } from './cx';
import { DialogShell, DialogTitle } from './dialog-shell';

export interface SidePanelProps {
  title: string;
  /** False while the panel slides out; `usePanel` unmounts it after SIDE_PANEL_CLOSE_MS. */
  open: boolean;
  /** Close button, backdrop and Escape call this; the caller may ask about unsaved changes. */
  onRequestClose: () => void;
  children: ReactNode;
  /** Sticky footer (Cancel / Save). */
  footer?: ReactNode;
  /** Classes of the panel itself (a wider panel: `max-w-5xl`). */
  className?: string;
}

/** Right-hand panel over a dimmed backdrop (ui-style.md). */
export function SidePanel({ title, open, onRequestClose, children, footer, className }: SidePanelProps) {
  // Starts off-screen and slides in on the next frame.
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const visible = open && entered;

  return (
    <DialogShell
      open={open}
      onDismiss={onRequestClose}
      frameClassName="fixed inset-0 z-40"
      backdropClassName={cx(
        'absolute inset-0 bg-slate-950/70 transition-opacity duration-300',
        visible ? 'opacity-100' : 'opacity-0',
      )}
      className={cx(
        'absolute inset-y-0 right-0 flex w-full max-w-[30rem] flex-col border-l border-slate-800 bg-slate-900',
        'shadow-2xl shadow-black/50 transition-transform duration-300 ease-out',
        visible ? 'translate-x-0' : 'translate-x-full',
        className,
      )}
    >
      <header className="flex h-16 shrink-0 items-center justify-between border-b border-slate-800 px-5">
        <DialogTitle className="text-lg font-semibold text-slate-100">{title}</DialogTitle>
        <IconButton aria-label="Close panel" onClick={onRequestClose}>
          <X className="size-5" aria-hidden="true" />
        </IconButton>
      </header>
      {/* Long unbroken text (an e-mail, a URL, pasted markup) wraps instead of widening the panel. */}
      <div className="flex-1 overflow-x-hidden overflow-y-auto px-5 py-5 [overflow-wrap:anywhere]">{children}</div>
      {footer != null && (
        <footer className="sticky bottom-0 flex shrink-0 items-center justify-end gap-2 border-t border-slate-800 bg-slate-900 px-5 py-4">
          {footer}
        </footer>
      )}
    </DialogShell>
  );
}
