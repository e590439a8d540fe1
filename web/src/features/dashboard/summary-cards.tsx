import { CircleCheck, CircleX, Clock, UserCheck } from 'lucide-react';
import { dashboardText as text, type DashboardResponse } from '@backoffice/contract';
import { Card } from '../../components/ui';
import { formatCount } from './dashboard-format';

type Cards = DashboardResponse['cards'];

const cards = [
  {
    label: text.pendingAds,
    value: (c: Cards) => c.pending,
    sub: (c: Cards) => text.highPriority(c.pendingHighPriority),
    icon: Clock,
  },
  {
    label: text.approvedAds,
    value: (c: Cards) => c.approved,
    sub: (c: Cards) => text.addedToday(c.approvedToday),
    icon: CircleCheck,
  },
  {
    label: text.rejectedAds,
    value: (c: Cards) => c.rejected,
    sub: (c: Cards) => text.last30Days(c.rejectedLast30Days),
    icon: CircleX,
  },
  {
    label: text.verifyAdvertiser,
    value: (c: Cards) => c.unverifiedAdvertisers,
    sub: (c: Cards) => text.newToday(c.advertisersNewToday),
    icon: UserCheck,
  },
] as const;

/** The four summary cards of docs/product.md#dashboard with the database's figures (docs/decisions/0007-dashboard.md); "…" until the first answer. */
export function SummaryCards({ figures }: { figures: Cards | undefined }) {
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-4 xl:grid-cols-4">
      {cards.map(({ label, value, sub, icon: Icon }) => (
        <Card
          key={label}
          label={label}
          value={figures ? formatCount(value(figures)) : '…'}
          sub={figures ? sub(figures) : ' '}
          icon={<Icon className="size-5" />}
        />
      ))}
    </section>
  );
}
