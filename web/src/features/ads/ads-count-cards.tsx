import type { AdCounts } from '@backoffice/contract';
import { CircleCheck, CircleX, Clock, Files } from 'lucide-react';

const cards = [
  { key: 'total', label: 'Total', icon: Files },
  { key: 'pending', label: 'Pending', icon: Clock },
  { key: 'approved', label: 'Approved', icon: CircleCheck },
  { key: 'rejected', label: 'Rejected', icon: CircleX },
] as const;

/**
 * The four whole-table counts of docs/product.md#ads-moderation ("…" until the first answer), in
 * one low row at every width, so the rows start high on the screen (five rows at 1024×768).
 */
export function AdsCountCards({ counts }: { counts: AdCounts | undefined }) {
  return (
    <section aria-label="Advertisement counts" className="mb-3 grid grid-cols-4 gap-2 sm:gap-3">
      {cards.map(({ key, label, icon: Icon }) => (
        <div
          key={key}
          className="flex min-w-0 items-center justify-between gap-2 rounded-xl border border-slate-800 bg-slate-900 px-3 py-2 sm:px-4 sm:py-3"
        >
          <div className="min-w-0">
            <p className="truncate text-xs font-medium text-slate-400 sm:text-sm">{label}</p>
            <p className="text-lg font-semibold text-slate-100 tabular-nums sm:text-2xl">
              {counts ? counts[key].toLocaleString('en-LK') : '…'}
            </p>
          </div>
          <div className="hidden rounded-lg bg-indigo-500/15 p-2 text-indigo-300 lg:block" aria-hidden="true">
            <Icon className="size-5" />
          </div>
        </div>
      ))}
    </section>
  );
}
