import { useState } from 'react';
import { ImageIcon, ImageOff } from 'lucide-react';
import { cx } from './cx';

export interface ThumbnailProps {
  /** Image URL; null or empty shows the neutral placeholder. */
  src: string | null | undefined;
  alt: string;
  /** Size and shape classes, e.g. `size-10 rounded-md`. */
  className?: string;
  /** Small thumbnails show only the icon; "Image Error" is still their accessible name. */
  compact?: boolean;
  loading?: 'lazy' | 'eager';
  /** Other widths of the same image (thumbnailSrcSet) and the width it is shown at, e.g. `120px`. */
  srcSet?: string;
  sizes?: string;
  /** `cover` crops to the frame (thumbnails); `contain` shows the whole image (previews). */
  fit?: 'cover' | 'contain';
  /**
   * Shown when `src` fails: the original of a thumbnail on the image host, which may not have been
   * made yet when the image is new (docs/decisions/0019-object-storage-and-thumbnails.md).
   */
  fallbackSrc?: string | null;
}

/** Fixed-size image with object-cover, lazy loading and the spec's "Image Error" fallback. */
export function Thumbnail({
  src,
  alt,
  className,
  compact = false,
  loading = 'lazy',
  fit = 'cover',
  srcSet,
  sizes,
  fallbackSrc,
}: ThumbnailProps) {
  // Failures are remembered per URL, so a new src gets a fresh try without an effect.
  const [failed, setFailed] = useState<readonly string[]>([]);
  const frame = cx('shrink-0 overflow-hidden bg-slate-800', className);

  if (!src) {
    return (
      <div className={cx(frame, 'flex items-center justify-center text-slate-400')} role="img" aria-label="No image">
        <ImageIcon className="size-1/2 max-h-8 max-w-8" aria-hidden="true" />
      </div>
    );
  }
  const shown = !failed.includes(src) ? src : fallbackSrc && !failed.includes(fallbackSrc) ? fallbackSrc : null;
  if (shown === null) {
    return (
      <div
        className={cx(frame, 'flex flex-col items-center justify-center gap-1 text-slate-400')}
        role="img"
        aria-label="Image Error"
        title="Image Error"
      >
        <ImageOff className={compact ? 'size-4' : 'size-6'} aria-hidden="true" />
        {!compact && <span className="text-xs font-medium">Image Error</span>}
      </div>
    );
  }
  return (
    <img
      src={shown}
      srcSet={shown === src ? srcSet : undefined}
      sizes={shown === src && srcSet ? sizes : undefined}
      alt={alt}
      loading={loading}
      onError={() => setFailed((f) => [...f, shown])}
      className={cx(frame, fit === 'cover' ? 'object-cover' : 'object-contain')}
    />
  );
}
