import { ArrowUp, Tag } from 'lucide-react';
import { Badge, cx, useMediaQuery } from '../../../components/ui';
import { knownKinds, RiskBadge, SignalChips } from './signal-chips';
import type { Advertisement } from '@backoffice/contract';

/** From 1280 px the table has a Risk column and room for a third chip. */
export const WIDE_QUERY = '(min-width: 1280px)';

/**
 * The line under a row's heading (or a card's): the risk (unless the table's Risk column shows it),
 * the signals, and the live rules' marks as chips (Prioritised, then their labels), on one line so the row keeps its height. Nothing
 * for a clean ad or one not analysed yet.
 */
export function RowSignals({
  ad,
  riskColumn = false,
  narrowMax = 2,
  className,
}: {
  ad: Pick<Advertisement, 'signals' | 'risk' | 'ruleLabels' | 'prioritised'>;
  /** The table shows the risk in its own column from 1280 px: here only below. */
  riskColumn?: boolean;
  /** Chips shown below 1280 px (the table's heading cell is narrow there); three from 1280 px. */
  narrowMax?: number;
  className?: string;
}) {
  const wide = useMediaQuery(WIDE_QUERY);
  const kinds = knownKinds(ad.signals);
  const risky = typeof ad.risk === 'number' && ad.risk > 0;
  const labels = [...new Set(ad.ruleLabels ?? [])];
  const prioritised = ad.prioritised === true;
  if (kinds.length === 0 && !risky && labels.length === 0 && !prioritised) return null;
  return (
    <div className={cx('flex max-w-full min-w-0 items-center gap-1', className)}>
      {risky && <RiskBadge risk={ad.risk} className={cx('shrink-0', riskColumn && 'xl:hidden')} />}
      <SignalChips kinds={kinds} max={wide ? 3 : narrowMax} />
      {(labels.length > 0 || prioritised) && (
        // What live rules' prioritise and flags gave the ad (docs/decisions/0030-moderation-rules.md).
        <ul aria-label="Rule labels" className="flex min-w-0 items-center gap-1 overflow-hidden">
          {prioritised && (
            <li className="shrink-0">
              <Badge tone="amber" className="gap-1 px-1.5 py-0 text-[11px] leading-[18px]">
                <ArrowUp className="size-3 shrink-0" aria-hidden="true" />
                Prioritised
              </Badge>
            </li>
          )}
          {labels.map((label) => (
            <li key={label} className="shrink-0">
              <Badge tone="slate" className="gap-1 px-1.5 py-0 text-[11px] leading-[18px]">
                <Tag className="size-3 shrink-0" aria-hidden="true" />
                {label}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
