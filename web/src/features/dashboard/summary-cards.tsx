import { Link } from 'react-router';
import { CircleCheck, CircleX, Clock, UserCheck } from 'lucide-react';
import { dashboardText as text, type DashboardResponse } from '@backoffice/contract';
import { Card, cx } from '../../components/ui';
import { paths } from '../../lib/paths';
import { formatCount } from './dashboard-format';

type Cards = DashboardResponse['cards'];

/**
 * Each card opens its filtered view (issue 32.5, 32.6): the ads directory by status (it has no
 * date filter, so "today" and "last 30 days" open the whole status), the High Priority figure its
 * Overdue view, Verify Advertiser the verification queue of User Management.
 */
const cardLinks = {
  pending: `${paths.adsDirectory}?status=pending`,
  overdue: `${paths.adsDirectory}?view=overdue`,
  approved: `${paths.adsDirectory}?status=approved`,
  approvedToday: `${paths.adsDirectory}?status=approved&decided=today`,
  rejected: `${paths.adsDirectory}?status=rejected`,
  rejectedRecently: `${paths.adsDirectory}?status=rejected&decided=last30Days`,
  verify: `${paths.users}?status=inactive`,
} as const;

const cards = [
  {
    label: text.pendingAds,
    value: (c: Cards) => c.pending,
    sub: (c: Cards) => text.highPriority(c.pendingHighPriority),
    to: cardLinks.pending,
    subTo: cardLinks.overdue,
    icon: Clock,
  },
  {
    label: text.approvedAds,
    value: (c: Cards) => c.approved,
    sub: (c: Cards) => text.addedToday(c.approvedToday),
    to: cardLinks.approved,
    subTo: cardLinks.approvedToday,
    icon: CircleCheck,
  },
  {
    label: text.rejectedAds,
    value: (c: Cards) => c.rejected,
    sub: (c: Cards) => text.last30Days(c.rejectedLast30Days),
    to: cardLinks.rejected,
    subTo: cardLinks.rejectedRecently,
    icon: CircleX,
  },
  {
    label: text.verifyAdvertiser,
    value: (c: Cards) => c.unverifiedAdvertisers,
    sub: (c: Cards) => text.newToday(c.advertisersNewToday),
    to: cardLinks.verify,
    icon: UserCheck,
  },
] as const;

// The label's link covers the whole card (a link inside a link is not allowed, so the sub-line's
// own link sits above it).
const cardLink = cx(
  'rounded after:absolute after:inset-0 after:rounded-xl hover:text-slate-200',
  'focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-indigo-500',
);
const subLink =
  'relative z-10 rounded underline-offset-2 hover:text-slate-200 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500';

/** The four summary cards of docs/product.md#dashboard with the database's figures (docs/decisions/0007-dashboard.md); "…" until the first answer. */
export function SummaryCards({ figures }: { figures: Cards | undefined }) {
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-4 xl:grid-cols-4">
      {cards.map((card) => {
        const { label, value, sub, to, icon: Icon } = card;
        const subTo = 'subTo' in card ? card.subTo : undefined;
        return (
          <div key={label} className="relative rounded-xl transition-colors hover:bg-slate-800/30">
            <Card
              label={
                <Link to={to} className={cardLink}>
                  {label}
                </Link>
              }
              value={figures ? formatCount(value(figures)) : '…'}
              sub={
                figures && subTo ? (
                  <Link to={subTo} className={subLink}>
                    {sub(figures)}
                  </Link>
                ) : figures ? (
                  sub(figures)
                ) : (
                  ' '
                )
              }
              icon={<Icon className="size-5" />}
            />
          </div>
        );
      })}
    </section>
  );
}
