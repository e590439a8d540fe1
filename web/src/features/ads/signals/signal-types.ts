import type { AdSignal } from '@backoffice/contract';

/**
 * The trust signals as the web app reads them (issue 33, docs/decisions/0029-trust-signals.md):
 * the contract's kinds, signals and duplicates, and the shapes the panel's evidence needs.
 */
export { SIGNAL_KINDS } from '@backoffice/contract';
export type { AdDuplicate, AdSignal, SignalKind } from '@backoffice/contract';

/** One kind's signal, its evidence typed. */
export type SignalOf<K extends AdSignal['kind']> = Extract<AdSignal, { kind: K }>;

/** A piece of the ad's own text the evidence points at: the field and the range in it. */
export interface TextSpan {
  field: 'heading' | 'details';
  start: number;
  end: number;
  text: string;
}
