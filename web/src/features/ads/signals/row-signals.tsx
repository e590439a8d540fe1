import { cx, useMediaQuery } from '../../../components/ui';
import { knownKinds, RiskBadge, SignalChips } from './signal-chips';
import type { Advertisement } from '@backoffice/contract';

/** From 1280 px the table has a Risk column and room for a third chip. */
export const WIDE_QUERY = '(min-width: 1280px)';

/**
 * The line under a row's heading (or a card's): the risk (unless the table's Risk column shows it)
 * and the signals as chips, on one line so the row keeps its height. Nothing for a clean ad or one
 * not analysed yet.
 */
export function RowSignals({
  ad,
  riskColumn = false,
  narrowMax = 2,
  className,
}: {
  ad: Pick<Advertisement, 'signals' | 'risk'>;
  /** The table shows the risk in its own column from 1280 px: here only below. */
  riskColumn?: boolean;
  /** Chips shown below 1280 px (the table's heading cell is narrow there); three from 1280 px. */
  narrowMax?: number;
  className?: string;
}) {
  const wide = useMediaQuery(WIDE_QUERY);
  const kinds = knownKinds(ad.signals);
  const risky = typeof ad.risk === 'number' && ad.risk > 0;
  if (kinds.length === 0 && !risky) return null;
  return (
    <div className={cx('flex max-w-full min-w-0 items-center gap-1', className)}>
      {risky && <RiskBadge risk={ad.risk} className={cx('shrink-0', riskColumn && 'xl:hidden')} />}
      <SignalChips kinds={kinds} max={wide ? 3 : narrowMax} />
    </div>
  );
}
