import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { Thumbnail } from './thumbnail';
import { useDialogFocus } from './use-dialog-focus';

/** Enlarged image over everything; Escape, the backdrop or the close button close it. */
export function Lightbox({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const onKeyDown = useDialogFocus(ref, onClose, close);
  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-center justify-center p-8">
      <div className="absolute inset-0 bg-black/85" aria-hidden="true" onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="relative flex max-h-full max-w-5xl flex-col items-end gap-2 focus:outline-none"
      >
        <h2 id={titleId} className="sr-only">
          Image preview
        </h2>
        <button
          ref={close}
          type="button"
          onClick={onClose}
          aria-label="Close image preview"
          className="rounded-full bg-slate-900/80 p-2 text-slate-200 hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
        <Thumbnail
          src={src}
          alt={alt}
          loading="eager"
          fit="contain"
          className="max-h-[80vh] min-h-48 min-w-64 rounded-lg"
        />
      </div>
    </div>,
    document.body,
  );
}
