import type { AdCounts } from '@backoffice/contract';
import { CircleCheck, CircleX, Clock, Files } from 'lucide-react';
import { Card } from '../../components/ui';

const cards = [
  { key: 'total', label: 'Total', icon: Files },
  { key: 'pending', label: 'Pending', icon: Clock },
  { key: 'approved', label: 'Approved', icon: CircleCheck },
  { key: 'rejected', label: 'Rejected', icon: CircleX },
] as const;

/** The four whole-table counts of docs/product.md#ads-moderation ("…" until the first answer). */
export function AdsCountCards({ counts }: { counts: AdCounts | undefined }) {
  return (
    <section aria-label="Advertisement counts" className="mb-6 grid grid-cols-2 gap-4 xl:grid-cols-4">
      {cards.map(({ key, label, icon: Icon }) => (
        <Card
          key={key}
          label={label}
          value={counts ? counts[key].toLocaleString('en-LK') : '…'}
          icon={<Icon className="size-5" />}
        />
      ))}
    </section>
  );
}
