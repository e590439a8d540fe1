import { signatureToBytes, type DuplicateTextEvidence } from '../../signals/duplicate-text';
import { riskScore } from '../../signals/risk';
import type { Signal } from '../../signals/types';
import type { AdPhone } from './phone-signals';
import type * as repo from './signals-repository';
import { mergeDuplicates, type AnalysisRow, type BackLink } from './signals-store-repository';

/** What the analysis (signals-analysis.ts) knows of one ad of its batch, and the row it writes. */
export type Prepared = {
  ad: repo.AdInput;
  signature: Uint32Array;
  textKeys: number[];
  phones: AdPhone[];
  photos: { image: number; path: string; hashes: bigint[]; keys: number[]; lookup: number[] }[];
  unreadable: string[];
  signals: Signal[];
};

/**
 * Near-duplicate text is mutual: an ad found to repeat an earlier one names it, and the earlier one
 * names the later in turn (both show the chip; the moderator keeps one). Earlier ads of the batch
 * get the link here; stored ones are returned, for the write to add it to their signals.
 */
export function linkDuplicatesBack(prepared: Prepared[]): BackLink[] {
  const inBatch = new Map(prepared.map((p) => [p.ad.id, p]));
  const stored: BackLink[] = [];
  for (const p of prepared) {
    const found = p.signals.find((s) => s.kind === 'duplicate_text') as Signal<DuplicateTextEvidence> | undefined;
    for (const d of found?.evidence.duplicates ?? []) {
      const earlier = inBatch.get(d.adId);
      if (!earlier) {
        stored.push({ adId: d.adId, otherId: p.ad.id, similarity: d.similarity });
        continue;
      }
      const link = { adId: p.ad.id, similarity: d.similarity };
      const own = earlier.signals.find((s) => s.kind === 'duplicate_text') as Signal<DuplicateTextEvidence> | undefined;
      if (!own)
        earlier.signals.push({ kind: 'duplicate_text', strength: d.similarity, evidence: { duplicates: [link] } });
      else {
        own.evidence.duplicates = mergeDuplicates(own.evidence.duplicates, [link]);
        own.strength = Math.max(own.strength ?? 1, d.similarity);
      }
    }
  }
  return stored;
}

/** The row to write: one signal per kind (its strongest), and the risk from them. */
export function toRow(p: Prepared, priceBin: number | null): AnalysisRow {
  const byKind = new Map<string, Signal>();
  for (const s of p.signals) {
    const seen = byKind.get(s.kind);
    if (!seen || (s.strength ?? 1) > (seen.strength ?? 1)) byKind.set(s.kind, s);
  }
  // The most similar near-duplicates only (EVIDENCE_DUPLICATES; /duplicates lists more, live).
  const signals = [...byKind.values()].map((s) =>
    s.kind === 'duplicate_text'
      ? { ...s, evidence: { duplicates: mergeDuplicates((s.evidence as DuplicateTextEvidence).duplicates, []) } }
      : s,
  );
  return {
    adId: p.ad.id,
    userId: p.ad.userId,
    signature: signatureToBytes(p.signature),
    textKeys: p.textKeys,
    photos: p.photos.map(({ image, path, hashes, keys }) => ({ image, path, hashes, keys })),
    unreadableImages: p.unreadable,
    phones: p.phones,
    priceCategory: priceBin === null ? null : p.ad.category,
    priceBin,
    signals: signals.map((s) => ({ kind: s.kind, evidence: s.evidence, strength: s.strength ?? 1 })),
    risk: riskScore(signals),
  };
}

export function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

export function groupBy<T, K, V>(items: T[], key: (t: T) => K, value: (t: T) => V): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(value(item));
    else map.set(key(item), [value(item)]);
  }
  return map;
}
