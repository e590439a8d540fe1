import type { SelectOption } from '../../../components/ui';
import { isSignalKind, MIN_RISK_STEPS, signalLabels } from './signal-kinds';
import { SIGNAL_KINDS } from './signal-types';

/**
 * The filter panel's Signal list: any, then each kind by its chip's word; several kinds from a link
 * (the Duplicates view) are one more entry naming them.
 */
export function signalOptions(current: string): SelectOption[] {
  const options = [
    { value: '', label: 'All signals' },
    ...SIGNAL_KINDS.map((kind) => ({ value: kind, label: signalLabels[kind] })),
  ];
  if (current && !options.some((o) => o.value === current)) {
    const kinds = current.split(',').filter(isSignalKind);
    options.push({ value: current, label: kinds.map((k) => signalLabels[k]).join(' or ') });
  }
  return options;
}

/** Minimum risk: any, the steps, and a value a link brought that is not a step (kept listed). */
export function minRiskOptions(current: number | null): SelectOption[] {
  const steps: number[] = [...MIN_RISK_STEPS];
  if (current !== null && !steps.includes(current)) steps.push(current);
  steps.sort((a, b) => a - b);
  return [{ value: '', label: 'Any risk' }, ...steps.map((n) => ({ value: String(n), label: `${n} or more` }))];
}
