import { StatusBadge, type ListCard } from '../../components/ui';
import { formatAdDate } from './ad-format';
import { AdThumbnail, AgeLabel, RowNotes, type AdRow } from './ad-row';
import { RowSignals } from './signals/row-signals';

/**
 * An ad as a phone's card (docs/product.md#ads-moderation, "Every width"): its thumbnail (the
 * checkbox under it), heading, user and id, status, date and age, signals, who reviews it and the
 * live note, and the row's menu. The kit's card list (DataTable's `cards`) opens it on a tap.
 */
export function adCard(row: AdRow, now: number, menu: ListCard['menu']): ListCard {
  const { ad, id, pending } = row;
  return {
    media: <AdThumbnail ad={ad} className="size-14 rounded-md" />,
    body: (
      <>
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
        <RowNotes row={row} spaced />
      </>
    ),
    menu,
  };
}
