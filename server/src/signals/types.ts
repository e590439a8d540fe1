import { SIGNAL_KINDS } from '@backoffice/contract';

/**
 * The one interface every trust signal is built behind (docs/decisions/0029-trust-signals.md). A
 * signal module is pure: it is handed what it needs (the ad's text, the category's price stats, the
 * candidates a banded lookup found) and answers with zero or more signals, each with its evidence.
 * Reading and writing the database is the job's business, never a module's, so that a new signal
 * is a new file and every module is tested on its own cases.
 */
export const signalKinds = SIGNAL_KINDS;
export type SignalKind = (typeof signalKinds)[number];

export interface Signal<E = unknown> {
  kind: SignalKind;
  /** What a moderator is shown: the matched text, the other ads, the category's usual price … */
  evidence: E;
  /** 0–1, how strongly this instance counts towards the risk score (1 unless the module says otherwise). */
  strength?: number;
}

/** One signal kind: a pure function from its input to its signals (none when the ad is clean). */
export interface SignalModule<Input, E = unknown> {
  readonly kind: SignalKind;
  detect(input: Input): Signal<E>[];
}

/** The ad's own text, as the text signals read it. */
export interface AdText {
  heading: string;
  details: string;
}

/** Where in the ad a piece of evidence was found: the field and the character range in it. */
export interface TextSpan {
  field: keyof AdText;
  start: number;
  end: number;
  text: string;
}
