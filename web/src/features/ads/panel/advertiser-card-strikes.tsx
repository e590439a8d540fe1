import { strikeMessages } from '@backoffice/contract';
import { Badge } from '../../../components/ui';
import { formatDate } from '../../../lib/dates';
import { useUserStrikesQuery } from '../../../lib/strikes-api';
import { useNow } from '../../../lib/use-now';
import { formatAdId } from '../ad-format';

/**
 * The advertiser's active strikes on their card (docs/decisions/0035-strikes-and-languages.md): the
 * repeat offender badge, and each strike's ad and expiry.
 */
export function AdvertiserCardStrikes({ userId }: { userId: string }) {
  const { data, isError } = useUserStrikesQuery(userId);
  const now = useNow(60_000);
  if (isError || !data) return null;
  const active = data.list.filter((s) => new Date(s.expiresAt).getTime() > now);
  return (
    <div className="mt-3" aria-label="Strikes">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
        <span>{data.active === 1 ? '1 active strike' : `${data.active} active strikes`}</span>
        {data.repeatOffender && <Badge tone="rose">{strikeMessages.repeatOffender}</Badge>}
      </p>
      {active.length > 0 && (
        <ul className="mt-1 space-y-1 text-sm" aria-label="Active strikes">
          {active.map((s) => (
            <li key={s._id} className="flex items-center gap-2 px-2">
              <span className="font-mono text-xs text-slate-400">{formatAdId(s.adId)}</span>
              <span className="min-w-0 flex-1 truncate text-slate-100" title={`${s.heading}: ${s.reason}`}>
                {s.heading}
              </span>
              <span className="text-xs whitespace-nowrap text-slate-400">expires {formatDate(s.expiresAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
