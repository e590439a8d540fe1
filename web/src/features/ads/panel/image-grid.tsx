import { useEffect, useRef, useState } from 'react';
import { adImageUrl, thumbnailSrcSet, thumbnailUrl, type Advertisement } from '@backoffice/contract';
import { Maximize2, Trash2 } from 'lucide-react';
import { Lightbox, Thumbnail } from '../../../components/ui';

/** The images still kept, each with its place in the ad's list (paths may repeat). */
export type Kept = Array<{ path: string; index: number }>;

/**
 * The panel's image grid: each image can be enlarged (a lightbox) or removed; the panel saves or
 * reverts the removals (docs/product.md#ads-moderation).
 */
export function ImageGrid({
  ad,
  kept,
  onRemove,
}: {
  ad: Advertisement;
  kept: Kept;
  /** Left out for a role without ads.moderate: no Remove buttons. */
  onRemove?: (index: number) => void;
}) {
  const [enlarged, setEnlarged] = useState<string | null>(null);
  const grid = useRef<HTMLUListElement>(null);
  // The removed image's button is gone: focus the remove button now in its place (or the last one,
  // or Save) so the keyboard user stays in the panel and Escape still reaches it.
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const position = focusAfterRemove.current;
    if (position === null) return;
    focusAfterRemove.current = null;
    const buttons = grid.current?.querySelectorAll<HTMLElement>('[data-remove]');
    const target = buttons?.[Math.min(position, buttons.length - 1)];
    (target ?? document.querySelector<HTMLElement>('[data-save-images]'))?.focus();
  }, [kept]);

  return (
    <>
      <h4 className="mt-6 mb-3 text-sm font-semibold text-slate-200">
        Images <span className="font-normal text-slate-400 tabular-nums">({kept.length})</span>
      </h4>
      {kept.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-700 px-4 py-6 text-center text-sm text-slate-400">
          No images
        </p>
      ) : (
        <ul ref={grid} className="grid grid-cols-2 gap-3" aria-label="Images">
          {kept.map((image, position) => {
            const n = position + 1;
            return (
              <li
                key={image.index}
                className="group relative overflow-hidden rounded-lg border border-slate-800 bg-slate-950"
              >
                <Thumbnail
                  src={thumbnailUrl(adImageUrl(image.path), 480, ad.thumbnails?.[image.index])}
                  srcSet={thumbnailSrcSet(adImageUrl(image.path), ad.thumbnails?.[image.index])}
                  fallbackSrc={ad.thumbnails ? adImageUrl(image.path) : null}
                  sizes="(min-width: 640px) 220px, 45vw"
                  alt={`Image ${n} of ${ad.heading}`}
                  className="aspect-[4/3] w-full"
                />
                <div className="absolute inset-x-0 bottom-0 flex justify-end gap-1 bg-gradient-to-t from-slate-950/90 to-transparent p-2">
                  <button
                    type="button"
                    aria-label={`Enlarge image ${n}`}
                    onClick={() => setEnlarged(image.path)}
                    className="rounded-md bg-slate-900/90 p-1.5 text-slate-200 hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                  >
                    <Maximize2 className="size-4" aria-hidden="true" />
                  </button>
                  {onRemove && (
                    <button
                      type="button"
                      aria-label={`Remove image ${n}`}
                      data-remove
                      onClick={() => {
                        focusAfterRemove.current = position;
                        onRemove(image.index);
                      }}
                      className="rounded-md bg-slate-900/90 p-1.5 text-rose-300 hover:bg-rose-500/20 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {enlarged !== null && (
        <Lightbox
          src={adImageUrl(enlarged)}
          alt={`Enlarged image of ${ad.heading}`}
          onClose={() => setEnlarged(null)}
        />
      )}
    </>
  );
}
