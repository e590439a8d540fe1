import { adImageUrl, liveText, thumbnailUrl, type Advertisement } from '@backoffice/contract';
import { TriangleAlert } from 'lucide-react';
import { Badge, Thumbnail, cx } from '../../components/ui';
import { ageStepClass, pendingAge } from './ad-age';
import { claimedByOther } from './ad-claim';
import { formatAdId } from './ad-format';

/** An ad as the directory's row (or card) shows it: what every cell of it reads once. */
export interface AdRow {
  ad: Advertisement;
  /** `#` and the id's last five characters. */
  id: string;
  pending: boolean;
  /** Another admin reviewing this pending ad now (docs/decisions/0017-live-queue-and-claims.md), else null. */
  reviewer: { name: string } | null;
  /** The live note of another admin's change (lib/live-status.ts), if any. */
  note?: string;
}

export function adRow(ad: Advertisement, selfId: string | undefined, now: number, note?: string): AdRow {
  const pending = ad.status === 'pending';
  return { ad, id: formatAdId(ad._id), pending, reviewer: pending ? claimedByOther(ad, selfId, now) : null, note };
}

/** How long a pending ad has waited, in three steps: neutral, amber `due soon`, red `overdue` (with an icon). */
export function AgeLabel({ postingDate, now, className }: { postingDate: string; now: number; className?: string }) {
  const age = pendingAge(postingDate, now);
  if (!age) return null;
  return (
    <span
      data-age-step={age.step}
      className={cx('inline-flex items-center gap-1 text-xs', ageStepClass[age.step], className)}
    >
      {age.step === 'overdue' && <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />}
      {age.text}
    </span>
  );
}

/** The ad's first image, its 96 px thumbnail when the server answered one. */
export function AdThumbnail({ ad, className }: { ad: Advertisement; className: string }) {
  return (
    <Thumbnail
      src={ad.images[0] ? thumbnailUrl(adImageUrl(ad.images[0]), 96, ad.thumbnails?.[0]) : null}
      fallbackSrc={ad.images[0] && ad.thumbnails ? adImageUrl(ad.images[0]) : null}
      alt=""
      compact
      className={className}
    />
  );
}

/** "Being reviewed by NAME" and the live note, under the heading; `spaced` in a card (the table's cell has a gap). */
export function RowNotes({ row, spaced = false }: { row: AdRow; spaced?: boolean }) {
  const { reviewer, note } = row;
  return (
    <>
      {reviewer && (
        <Badge tone="sky" className={cx('max-w-full', spaced && 'mt-1.5')}>
          <span className="truncate" title={liveText.beingReviewedBy(reviewer.name)}>
            {liveText.beingReviewedBy(reviewer.name)}
          </span>
        </Badge>
      )}
      {note && (
        <p className={cx('max-w-full truncate text-xs text-slate-400', spaced && 'mt-1')} title={note}>
          {note}
        </p>
      )}
    </>
  );
}
