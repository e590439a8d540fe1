import type { Advertisement } from '@backoffice/contract';
import { Badge, Detail } from '../../../components/ui';
import { ageStepClass, pendingAge } from '../ad-age';
import { adTypeLabel, formatAdDate, formatContact, formatPrice } from '../ad-format';

/**
 * The ad itself as the panel shows it (docs/product.md#ads-moderation): title, details as plain text
 * with their line breaks (a long text scrolls in its own box), category, district, the price when
 * there is one, contact, the posting date with how long a pending ad has waited, and the type.
 */
export function AdDetails({ ad, now }: { ad: Advertisement; now: number }) {
  const price = formatPrice(ad.price);
  const age = ad.status === 'pending' ? pendingAge(ad.postingDate, now) : null;
  return (
    <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-4">
      <Detail label="Title" className="col-span-2">
        {ad.title || '-'}
      </Detail>
      <div className="col-span-2">
        <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Details</dt>
        {/* Plain text: line breaks kept, nothing rendered as markup; a long text scrolls here. */}
        <dd className="mt-1">
          {/* Focusable, so the keyboard can scroll a long text. */}
          <div
            role="region"
            aria-label="Details"
            tabIndex={0}
            className="max-h-56 overflow-y-auto rounded-lg border border-slate-800 bg-slate-950/40 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            {ad.details.trim() || '-'}
          </div>
        </dd>
      </div>
      <Detail label="Category">{ad.category || '-'}</Detail>
      <Detail label="District">{ad.district || '-'}</Detail>
      {price && (
        <Detail label="Price" valueClassName="tabular-nums">
          {price}
        </Detail>
      )}
      <Detail label="Contact" valueClassName="tabular-nums">
        {formatContact(ad.phone1)}
      </Detail>
      <Detail label="User">{ad.username}</Detail>
      <Detail label="Date" valueClassName="tabular-nums">
        {formatAdDate(ad.postingDate)}
        {age && <span className={`block text-xs ${ageStepClass[age.step]}`}>{`Pending ${age.text}`}</span>}
      </Detail>
      <Detail label="Ad type">
        <Badge tone={ad.adType === 'regular' ? 'violet' : 'sky'}>{adTypeLabel(ad.adType)}</Badge>
      </Detail>
      {ad.status === 'rejected' && (
        <div className="col-span-2 rounded-lg border border-rose-500/30 bg-rose-500/10 px-3 py-2">
          <dt className="text-xs font-medium tracking-wide text-rose-300 uppercase">Rejection reason</dt>
          <dd className="mt-1 text-sm break-words whitespace-pre-line text-rose-100">{ad.rejectionReason || '-'}</dd>
        </div>
      )}
    </dl>
  );
}
