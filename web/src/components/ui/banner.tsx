import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { CircleAlert, CircleCheck, TriangleAlert, X } from 'lucide-react';
import { cx } from './cx';

export type BannerTone = 'success' | 'error' | 'warning';

export interface BannerMessage {
  tone: BannerTone;
  text: string;
}

const tones: Record<BannerTone, string> = {
  success: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-200',
  error: 'border-rose-500/30 bg-rose-500/10 text-rose-200',
  warning: 'border-amber-500/30 bg-amber-500/10 text-amber-200',
};

const icons = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert };

/** Message strip above a table: success emerald, error rose, warning amber (docs/ui-style.md). */
export function Banner({ message, onDismiss }: { message: BannerMessage; onDismiss?: () => void }) {
  const Icon = icons[message.tone];
  return (
    <div
      role={message.tone === 'success' ? 'status' : 'alert'}
      className={cx('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', tones[message.tone])}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="flex-1 whitespace-pre-line">{message.text}</p>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/**
 * Messages floating over the page's bottom corner (full width on a phone): showing one never moves
 * the rows under the pointer. Put `FloatingBanner`s in it.
 */
export function MessageOverlay({ children }: { children: ReactNode }) {
  return (
    <div
      className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col items-stretch gap-2 empty:hidden sm:right-6 sm:bottom-6 sm:left-auto sm:w-[28rem]"
      aria-live="polite"
    >
      {children}
    </div>
  );
}

/** A `Banner` on an opaque backing with a shadow, for a `MessageOverlay`. */
export function FloatingBanner(props: { message: BannerMessage; onDismiss?: () => void }) {
  return (
    <div className="pointer-events-auto rounded-lg bg-slate-900 shadow-xl shadow-black/40">
      <Banner {...props} />
    </div>
  );
}

/**
 * A message that clears itself `timeoutMs` after it was shown (docs/product.md#business-constants: 3 s or 5 s). Showing a new
 * message restarts the clock.
 */
export function useTimedMessage(timeoutMs: number) {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (tone: BannerTone, text: string) => {
      clearTimeout(timer.current);
      setMessage({ tone, text });
      timer.current = setTimeout(() => setMessage(null), timeoutMs);
    },
    [timeoutMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
