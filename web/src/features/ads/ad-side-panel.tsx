import { useEffect, useRef, useState } from 'react';
import { adImageUrl, adMessages, thumbnailSrcSet, thumbnailUrl, type Advertisement } from '@backoffice/contract';
import { Maximize2, Trash2 } from 'lucide-react';
import {
  Badge,
  Banner,
  Button,
  Lightbox,
  SidePanel,
  StatusBadge,
  Thumbnail,
  type BannerMessage,
  Detail,
} from '../../components/ui';
import { adTypeLabel, formatAdDate, formatAdId, formatContact } from './ad-format';
import { isHttpError } from '../../lib/api';
import { AdHistory } from './ad-history';
import { useUpdateAdImagesMutation } from './ads-api';
import { AdMessageLine } from './ad-message-line';

export interface AdSidePanelProps {
  ad: Advertisement;
  /** False while sliding out. */
  open: boolean;
  /** The panel has decided to close (after asking about unsaved images). */
  onClose: () => void;
  /** Images saved: the ad as the server now has it. */
  onSaved: (ad: Advertisement) => void;
  /** The page's result banner, shown here while the panel covers the page. */
  message: BannerMessage | null;
  onMessage: (message: BannerMessage) => void;
  /** Shown above the details (who else is reviewing the ad). */
  notice?: React.ReactNode;
}

/** The images still kept, each with its place in the ad's list (paths may repeat). */
type Kept = Array<{ path: string; index: number }>;

/**
 * "Ad Details/Image Review" (docs/product.md#ads-moderation): details, an image grid where each image can be enlarged or
 * removed, Cancel to revert and Save (only when modified). Closing with unsaved removals asks
 * first, with the browser's confirm.
 */
export function AdSidePanel({ ad, open, onClose, onSaved, message, onMessage, notice }: AdSidePanelProps) {
  const original: Kept = ad.images.map((path, index) => ({ path, index }));
  const [kept, setKept] = useState<Kept>(original);
  // After a save the ad arrives with its new images: they become the new starting point.
  const [baseline, setBaseline] = useState(ad.images);
  if (baseline !== ad.images) {
    setBaseline(ad.images);
    setKept(original);
  }
  const [enlarged, setEnlarged] = useState<string | null>(null);
  const [save, { isLoading: saving }] = useUpdateAdImagesMutation();
  const modified = kept.length !== original.length;
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
  const id = formatAdId(ad._id);

  function requestClose() {
    if (modified && !window.confirm(adMessages.unsavedImages)) return;
    onClose();
  }

  async function onSave() {
    const result = await save({ id: ad._id, images: kept.map((k) => k.path) });
    if ('error' in result) {
      // docs/product.md#calls: only the ok flag is read, so an answer gives the first text, a failed call the fallback.
      const text = isHttpError(result.error) ? adMessages.imagesFailed : adMessages.imagesFailedFallback;
      onMessage({ tone: 'error', text });
      return;
    }
    onMessage({ tone: 'success', text: adMessages.imagesUpdated });
    onSaved(result.data.advertisement);
  }

  return (
    <SidePanel
      title="Ad Details/Image Review"
      open={open}
      onRequestClose={requestClose}
      footer={
        <>
          {modified && <p className="mr-auto text-sm text-amber-300">Images modified</p>}
          <Button variant="secondary" disabled={!modified || saving} onClick={() => setKept(original)}>
            Cancel
          </Button>
          <Button data-save-images disabled={!modified || saving} loading={saving} onClick={onSave}>
            Save
          </Button>
        </>
      }
    >
      {notice}
      {message && (
        <div className="mb-4">
          <Banner message={message} />
        </div>
      )}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-xs text-slate-400">{id}</p>
          <h3 className="mt-1 text-lg font-semibold break-words text-slate-100">{ad.heading}</h3>
        </div>
        <StatusBadge status={ad.status} />
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-4">
        <Detail label="User">{ad.username}</Detail>
        <Detail label="Date">{formatAdDate(ad.postingDate)}</Detail>
        <Detail label="Ad type">
          <Badge tone={ad.adType === 'regular' ? 'violet' : 'sky'}>{adTypeLabel(ad.adType)}</Badge>
        </Detail>
        <Detail label="Contact">{formatContact(ad.phone1)}</Detail>
        {ad.status === 'rejected' && (
          <div className="col-span-2 rounded-lg border border-rose-500/30 bg-rose-500/10 px-3 py-2">
            <dt className="text-xs font-medium tracking-wide text-rose-300 uppercase">Rejection reason</dt>
            <dd className="mt-1 text-sm break-words whitespace-pre-line text-rose-100">{ad.rejectionReason || '-'}</dd>
          </div>
        )}
      </dl>
      {ad.status !== 'pending' && <AdMessageLine adId={ad._id} />}

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
                  <button
                    type="button"
                    aria-label={`Remove image ${n}`}
                    data-remove
                    onClick={() => {
                      focusAfterRemove.current = position;
                      setKept((list) => list.filter((k) => k.index !== image.index));
                    }}
                    className="rounded-md bg-slate-900/90 p-1.5 text-rose-300 hover:bg-rose-500/20 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
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
      <AdHistory adId={ad._id} />
    </SidePanel>
  );
}
