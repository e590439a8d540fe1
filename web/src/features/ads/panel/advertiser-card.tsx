import { useState } from 'react';
import type { Advertisement, AdvertiserCardAd } from '@backoffice/contract';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { formatAdId } from '../ad-format';
import { useAdAdvertiserQuery, useLazyGetAdQuery } from './advertiser-api';
import { AdvertiserCardStrikes } from './advertiser-card-strikes';

const countLabels = [
  ['approved', 'Approved'],
  ['pending', 'Pending'],
  ['rejected', 'Rejected'],
] as const;

/**
 * The advertiser beside their ad (docs/product.md#ads-moderation): name, verified or not, join
 * date, their ads by status, their five latest other ads (each opens in the panel) and a link to
 * their user page.
 */
export function AdvertiserCard({ adId, onOpenAd }: { adId: string; onOpenAd?: (ad: Advertisement) => void }) {
  const { data, isError, isLoading } = useAdAdvertiserQuery(adId);
  const [getAd] = useLazyGetAdQuery();
  const [openFailed, setOpenFailed] = useState(false);
  async function open(summary: AdvertiserCardAd) {
    if (!onOpenAd) return;
    setOpenFailed(false);
    const result = await getAd(summary._id, true);
    if (result.data) onOpenAd(result.data);
    else setOpenFailed(true);
  }
  return (
    <section aria-label="Advertiser" className="rounded-xl border border-slate-800 bg-slate-950/40 p-4">
      <h4 className="text-sm font-semibold text-slate-200">Advertiser</h4>
      {isLoading ? (
        <p className="mt-2 text-sm text-slate-400">Loading…</p>
      ) : isError ? (
        <p className="mt-2 text-sm text-rose-300">Failed to load the advertiser</p>
      ) : !data ? (
        <p className="mt-2 text-sm text-slate-400">No advertiser account</p>
      ) : (
        <>
          <p className="mt-2 font-medium break-words text-slate-100">{data.name}</p>
          <p className="mt-1 flex items-center gap-1 text-sm">
            {data.verified ? (
              <>
                <BadgeCheck className="size-4 text-emerald-300" aria-hidden="true" />
                <span className="text-emerald-300">Verified</span>
              </>
            ) : (
              <span className="text-amber-300">Not verified</span>
            )}
          </p>
          <p className="mt-1 text-sm text-slate-400">Joined {formatDate(data.joinedAt)}</p>
          <AdvertiserCardStrikes userId={data.userId} />
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
            {countLabels.map(([key, label]) => (
              <div key={key} className="rounded-lg bg-slate-900 px-2 py-1.5">
                <dt className="text-xs text-slate-400">{label}</dt>
                <dd className="font-semibold text-slate-100 tabular-nums">{data.counts[key]}</dd>
              </div>
            ))}
          </dl>
          <h5 className="mt-4 text-xs font-medium tracking-wide text-slate-400 uppercase">Latest other ads</h5>
          {data.latest.length === 0 ? (
            <p className="mt-1 text-sm text-slate-400">No other ads</p>
          ) : (
            <ul className="mt-1 space-y-1" aria-label="Latest other ads">
              {data.latest.map((other) => (
                <li key={other._id}>
                  <button
                    type="button"
                    onClick={() => void open(other)}
                    disabled={!onOpenAd}
                    className="flex w-full items-center gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
                  >
                    <span className="font-mono text-xs text-slate-400">{formatAdId(other._id)}</span>
                    <span className="min-w-0 flex-1 truncate text-slate-100" title={other.heading}>
                      {other.heading}
                    </span>
                    <StatusBadge status={other.status} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {openFailed && (
            <p role="alert" className="mt-1 text-sm text-rose-300">
              Failed to open the advertisement
            </p>
          )}
          <Link
            to={paths.userDetail(data.userId)}
            className="mt-4 inline-block text-sm text-indigo-300 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            Open user page
          </Link>
        </>
      )}
    </section>
  );
}
