import { useRef } from 'react';
import { X } from 'lucide-react';
import { DialogShell, DialogTitle } from './dialog-shell';
import { Thumbnail } from './thumbnail';

/** Enlarged image over everything; Escape, the backdrop or the close button close it. */
export function Lightbox({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  return (
    <DialogShell
      onDismiss={onClose}
      initialFocus={close}
      frameClassName="fixed inset-0 z-[60] flex items-center justify-center p-8"
      backdropClassName="absolute inset-0 bg-black/85"
      className="relative flex max-h-full max-w-5xl flex-col items-end gap-2"
    >
      <DialogTitle className="sr-only">Image preview</DialogTitle>
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
    </DialogShell>
  );
}
