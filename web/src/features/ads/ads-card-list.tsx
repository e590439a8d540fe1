import type { KeyboardEvent, MouseEvent } from 'react';
import { adImageUrl, adMessages, liveText, thumbnailUrl, type Advertisement } from '@backoffice/contract';
import { SearchX } from 'lucide-react';
import { Badge, Button, RowMenu, StatusBadge, Thumbnail, checkboxClass, cx } from '../../components/ui';
import { useSelector } from 'react-redux';
import { useLiveNotes } from '../../lib/live-status';
import { selectCurrentUser } from '../../lib/session-events';
import { useNow } from '../../lib/use-now';
import { claimedByOther } from './ad-claim';
import { formatAdDate, formatAdId } from './ad-format';
import { AgeLabel, rowActions, type AdsTableProps } from './ads-table';
import { RowSignals } from './signals/row-signals';

// A press on the checkbox or the menu must not also open the ad.
const keepToControl = (event: MouseEvent) => event.stopPropagation();

/**
 * The ads directory on a phone (docs/product.md#ads-moderation): one card per ad with its
 * thumbnail, heading, user, age and status, its checkbox and its menu. A tap (or Enter) opens the
 * side panel, as a row does.
 */
export function AdsCardList(props: AdsTableProps) {
  const { ads, loading, selection, onOpen } = props;
  const selfId = useSelector(selectCurrentUser)?._id;
  const notes = useLiveNotes();
  const ownNow = useNow();
  const now = props.now ?? ownNow;

  function onCardKeyDown(event: KeyboardEvent<HTMLLIElement>, ad: Advertisement) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(ad);
    }
  }

  if (loading)
    return (
      <ul aria-label="Advertisements" aria-busy="true" className="divide-y divide-slate-800 border-t border-slate-800">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} aria-hidden="true" data-testid="skeleton-row" className="flex gap-3 px-3 py-3">
            <div className="size-14 shrink-0 animate-pulse rounded-md bg-slate-800" />
            <div className="flex-1 space-y-2 pt-1">
              <div className="h-3.5 w-3/4 animate-pulse rounded bg-slate-800" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-800" />
            </div>
          </li>
        ))}
      </ul>
    );

  if (ads.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 border-t border-slate-800 px-4 py-12 text-center">
        <SearchX className="size-6 text-slate-500" aria-hidden="true" />
        <p className="text-slate-300">{adMessages.emptyState}</p>
        <Button variant="secondary" size="sm" onClick={props.onResetFilters}>
          Reset Filters
        </Button>
      </div>
    );

  return (
    <>
      <div className="flex items-center gap-3 border-t border-slate-800 px-3 py-2 text-xs text-slate-400">
        <input
          type="checkbox"
          className={checkboxClass}
          aria-label="Select all pending advertisements on this page"
          checked={selection.allSelected}
          disabled={selection.pageSelectableCount === 0}
          onChange={selection.toggleAll}
        />
        <span aria-hidden="true">Select all pending</span>
      </div>
      <ul aria-label="Advertisements" className="divide-y divide-slate-800 border-t border-slate-800">
        {ads.map((ad) => {
          const id = formatAdId(ad._id);
          const pending = ad.status === 'pending';
          const reviewer = pending ? claimedByOther(ad, selfId, now) : null;
          const note = notes.get(ad._id);
          return (
            <li
              key={ad._id}
              data-ad-id={ad._id}
              tabIndex={0}
              aria-label={`${id} ${ad.heading}`}
              onFocus={(e) => e.target === e.currentTarget && props.onRowFocus?.(ad)}
              onClick={() => onOpen(ad)}
              onKeyDown={(e) => onCardKeyDown(e, ad)}
              className={cx(
                'flex cursor-pointer gap-3 px-3 py-3 transition-colors hover:bg-slate-800/40',
                'focus-visible:bg-slate-800/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500',
                selection.isSelected(ad._id) && 'bg-indigo-500/5',
                props.focusedId === ad._id && 'outline-2 -outline-offset-2 outline-indigo-500/70',
              )}
            >
              <div className="flex flex-col items-center gap-2">
                <Thumbnail
                  src={ad.images[0] ? thumbnailUrl(adImageUrl(ad.images[0]), 96, ad.thumbnails?.[0]) : null}
                  fallbackSrc={ad.images[0] && ad.thumbnails ? adImageUrl(ad.images[0]) : null}
                  alt=""
                  compact
                  className="size-14 rounded-md"
                />
                {pending && (
                  // 44 px of target around the box, for a thumb.
                  <label className="-m-2 flex size-11 items-center justify-center" onClick={keepToControl}>
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      aria-label={`Select advertisement ${id}`}
                      checked={selection.isSelected(ad._id)}
                      disabled={reviewer !== null}
                      title={reviewer ? liveText.beingReviewedBy(reviewer.name) : undefined}
                      onChange={() => selection.toggle(ad)}
                    />
                  </label>
                )}
              </div>
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 font-medium break-words text-slate-100">{ad.heading}</p>
                <p className="mt-0.5 truncate text-sm text-slate-400">
                  {ad.username} · <span className="font-mono text-xs">{id}</span>
                </p>
                <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <StatusBadge status={ad.status} />
                  <span className="text-xs text-slate-400 tabular-nums">{formatAdDate(ad.postingDate)}</span>
                  {pending && <AgeLabel postingDate={ad.postingDate} now={now} />}
                </div>
                <RowSignals ad={ad} className="mt-1.5" />
                {reviewer && (
                  <Badge tone="sky" className="mt-1.5 max-w-full">
                    <span className="truncate">{liveText.beingReviewedBy(reviewer.name)}</span>
                  </Badge>
                )}
                {note && <p className="mt-1 truncate text-xs text-slate-400">{note}</p>}
              </div>
              <div className="-mr-1 self-start" onClick={keepToControl}>
                <RowMenu label={`Actions for advertisement ${id}`} items={rowActions(ad, props, reviewer)} />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
