import shipped from './data/weights.json' with { type: 'json' };
import { signalKinds, type Signal, type SignalKind } from './types';

/**
 * An ad's risk, 0–100, from its signals: each signal kind has a weight in data/weights.json (how
 * likely that signal alone means a problem ad), scaled by the signal's own strength, and the
 * chances combine as independent ones ("noisy-or"): 100 × (1 − Π(1 − weight × strength)). A
 * second signal always raises the risk, never past 100, and one kind counts once (its strongest
 * instance), so that ten duplicates are not ten times a duplicate.
 * docs/decisions/0029-trust-signals.md gives the reasoning behind the weights.
 */
export type Weights = Record<SignalKind, number>;

export function readWeights(data: Record<string, unknown> = shipped): Weights {
  const weights = {} as Weights;
  for (const kind of signalKinds) {
    const w = data[kind];
    if (typeof w !== 'number' || !(w >= 0 && w <= 1))
      throw new Error(`weights: ${kind} needs a weight between 0 and 1`);
    weights[kind] = w;
  }
  return weights;
}

const defaultWeights = readWeights();

export function riskScore(
  signals: ReadonlyArray<Pick<Signal, 'kind' | 'strength'>>,
  weights: Weights = defaultWeights,
): number {
  const strongest = new Map<SignalKind, number>();
  for (const s of signals)
    strongest.set(s.kind, Math.max(strongest.get(s.kind) ?? 0, Math.min(1, Math.max(0, s.strength ?? 1))));
  let clean = 1;
  for (const [kind, strength] of strongest) clean *= 1 - weights[kind] * strength;
  return Math.round(100 * (1 - clean));
}
