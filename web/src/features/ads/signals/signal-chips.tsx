import { Gauge } from 'lucide-react';
import { Badge, cx } from '../../../components/ui';
import {
  isSignalKind,
  orderSignals,
  riskLevel,
  riskTones,
  riskWords,
  signalIcons,
  signalLabels,
  signalTones,
} from './signal-kinds';
import type { SignalKind } from './signal-types';

const chipClass = 'gap-1 px-1.5 py-0 text-[11px] leading-[18px]';

/** The kinds an ad carries, known ones only, most serious first, each once. */
export function knownKinds(kinds: readonly string[] | undefined): SignalKind[] {
  const unique = [...new Set(kinds ?? [])].filter(isSignalKind);
  return orderSignals(unique.map((kind) => ({ kind }))).map((s) => s.kind);
}

/** One signal as a short chip: icon and word, in its tone (never colour alone). */
export function SignalChip({ kind, className }: { kind: SignalKind; className?: string }) {
  const Icon = signalIcons[kind];
  return (
    <Badge tone={signalTones[kind]} className={cx(chipClass, className)}>
      <Icon className="size-3 shrink-0" aria-hidden="true" />
      {signalLabels[kind]}
    </Badge>
  );
}

/**
 * An ad's signals on its row (docs/product.md#ads-moderation): up to `max` chips on one line, then
 * `+N` naming the rest (for a screen reader too). Nothing when the ad has none.
 */
export function SignalChips({
  kinds,
  max = 3,
  className,
}: {
  kinds: readonly string[] | undefined;
  max?: number;
  className?: string;
}) {
  const known = knownKinds(kinds);
  if (known.length === 0) return null;
  const shown = known.slice(0, max);
  const rest = known.slice(max).map((k) => signalLabels[k]);
  return (
    <ul aria-label="Signals" className={cx('flex max-w-full min-w-0 items-center gap-1 overflow-hidden', className)}>
      {shown.map((kind) => (
        <li key={kind} className="shrink-0">
          <SignalChip kind={kind} />
        </li>
      ))}
      {rest.length > 0 && (
        <li className="shrink-0" title={rest.join(', ')}>
          <Badge tone="slate" className={chipClass}>
            <span aria-hidden="true">+{rest.length}</span>
            <span className="sr-only">{rest.join(', ')}</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}

/**
 * The ad's risk as text and colour (`Risk 72`, and `of 100, high` for a screen reader). Nothing
 * until the ad is analysed (null), unless `pendingText` says what to show then.
 */
export function RiskBadge({
  risk,
  pendingText,
  className,
}: {
  risk: number | null | undefined;
  pendingText?: string;
  className?: string;
}) {
  if (risk === null || risk === undefined) {
    if (!pendingText) return null;
    return (
      <Badge tone="slate" className={cx(chipClass, className)}>
        {pendingText}
      </Badge>
    );
  }
  const level = riskLevel(risk);
  return (
    <Badge tone={riskTones[level]} className={cx(chipClass, 'tabular-nums', className)}>
      <Gauge className="size-3 shrink-0" aria-hidden="true" />
      {`Risk ${risk}`}
      <span className="sr-only">{` of 100, ${riskWords[level]}`}</span>
    </Badge>
  );
}
