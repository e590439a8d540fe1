import { findContacts } from '../../server/src/signals/contact-in-text';
import { duplicateImage, imageBandKeys, imageLookupKeys } from '../../server/src/signals/duplicate-image';
import { duplicateText, minhash, textBandKeys } from '../../server/src/signals/duplicate-text';
import { imageHashes } from '../../server/src/signals/image-hash';
import { findRiskyPhrases } from '../../server/src/signals/risky-phrase';
import { pairKey, type ContactAd, type PhotoSet, type TextSet } from './dataset';

/** Precision, recall and the false matches among the clean look-alikes, counted over pairs or items. */
export interface Score {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Share of the clean look-alike pairs (or clean ads) that matched. */
  lookAlikeRate?: number;
  lookAlikes?: number;
}

function score(predicted: Set<string>, truth: Set<string>, lookAlikes?: Set<string>): Score {
  let tp = 0;
  for (const p of predicted) if (truth.has(p)) tp++;
  const fp = predicted.size - tp;
  const flaggedLookAlikes = lookAlikes ? [...lookAlikes].filter((p) => predicted.has(p)).length : 0;
  return {
    precision: predicted.size ? tp / predicted.size : 1,
    recall: truth.size ? tp / truth.size : 1,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: truth.size - tp,
    ...(lookAlikes && { lookAlikeRate: flaggedLookAlikes / lookAlikes.size, lookAlikes: lookAlikes.size }),
  };
}

/** A table of band key → ids, as the database's indexed band table answers. */
class BandIndex {
  private readonly rows = new Map<number, string[]>();
  add(id: string, keys: number[]) {
    for (const k of keys) (this.rows.get(k) ?? this.rows.set(k, []).get(k)!).push(id);
  }
  lookup(keys: number[], self: string): Set<string> {
    const out = new Set<string>();
    for (const k of keys) for (const id of this.rows.get(k) ?? []) if (id !== self) out.add(id);
    return out;
  }
}

/** Each ad looked up as it arrives, among the ads before it: the job's order. */
export function evaluateText(set: TextSet) {
  const index = new BandIndex();
  const signatures = new Map<string, Uint32Array>();
  const predicted = new Set<string>();
  let candidates = 0;
  const started = performance.now();
  for (const ad of set.ads) {
    const signature = minhash(ad);
    const keys = textBandKeys(signature);
    const found = [...index.lookup(keys, ad.id)];
    candidates += found.length;
    const [signal] = duplicateText.detect({
      signature,
      candidates: found.map((adId) => ({ adId, signature: signatures.get(adId)! })),
    });
    for (const d of signal?.evidence.duplicates ?? []) predicted.add(pairKey(ad.id, d.adId));
    index.add(ad.id, keys);
    signatures.set(ad.id, signature);
  }
  const ms = performance.now() - started;
  return {
    score: score(predicted, set.duplicates, set.lookAlikes),
    msPerAd: ms / set.ads.length,
    candidatesPerAd: candidates / set.ads.length,
  };
}

export async function evaluatePhotos(set: PhotoSet) {
  const hashes = new Map<string, bigint[]>();
  const started = performance.now();
  for (const photo of set.photos) hashes.set(photo.id, await imageHashes(photo.bytes));
  const perSecond = set.photos.length / ((performance.now() - started) / 1000);
  const index = new BandIndex();
  const predicted = new Set<string>();
  const kinds = new Map<string, string>();
  const byId = new Map(set.photos.map((p) => [p.id, p]));
  let candidates = 0;
  for (const photo of set.photos) {
    const h = hashes.get(photo.id)!;
    const found = [...index.lookup(imageLookupKeys(h), photo.id)].map((id) => byId.get(id)!);
    candidates += found.length;
    const signals = duplicateImage.detect({
      advertiserId: photo.advertiser,
      photos: [{ image: 0, hashes: h }],
      candidates: found.map((c) => ({ adId: c.id, image: 0, advertiserId: c.advertiser, hashes: hashes.get(c.id)! })),
    });
    for (const s of signals) {
      for (const m of s.evidence.matches) {
        predicted.add(pairKey(photo.id, m.otherAdId));
        kinds.set(pairKey(photo.id, m.otherAdId), s.kind);
      }
    }
    index.add(photo.id, imageBandKeys(h));
  }
  const truth = new Set(set.same.keys());
  const byEdit = new Map<string, { found: number; of: number }>();
  for (const photo of set.photos.filter((p) => p.edit)) {
    const pairs = [...set.same.keys()].filter(
      (k) => k.split('|').includes(photo.id) && k.split('|').some((id) => !byId.get(id)!.edit),
    );
    const entry = byEdit.get(photo.edit!) ?? byEdit.set(photo.edit!, { found: 0, of: 0 }).get(photo.edit!)!;
    entry.of += pairs.length;
    entry.found += pairs.filter((k) => predicted.has(k)).length;
  }
  const rightKind = [...set.same].filter(([k, kind]) => kinds.get(k) === kind).length;
  return {
    score: score(predicted, truth, set.lookAlikes),
    perSecond,
    candidatesPerPhoto: candidates / set.photos.length,
    byEdit,
    kindAccuracy: rightKind / Math.max(1, [...set.same.keys()].filter((k) => predicted.has(k)).length),
  };
}

/** Item by item: a found contact is right when it is a planted one (the same number, or the planted text). */
export function evaluateContacts(ads: ContactAd[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let cleanFlagged = 0;
  let clean = 0;
  const misses: string[] = [];
  const started = performance.now();
  const found = ads.map((ad) => findContacts(ad));
  const msPerAd = (performance.now() - started) / ads.length;
  ads.forEach((ad, i) => {
    const contacts = found[i]!;
    const matched = new Set<number>();
    for (const c of contacts) {
      const p = ad.planted.findIndex(
        (p, j) =>
          !matched.has(j) &&
          (c.phone
            ? p.phone === c.phone || p.text.includes(c.text)
            : p.text.includes(c.text.trim()) || c.text.includes(p.text)),
      );
      if (p >= 0) matched.add(p);
      else {
        fp++;
        misses.push(`false: ${c.text}`);
      }
    }
    tp += matched.size;
    fn += ad.planted.length - matched.size;
    ad.planted.forEach((p, j) => matched.has(j) || misses.push(`missed: ${p.text}`));
    if (ad.planted.length === 0) {
      clean++;
      if (contacts.length) cleanFlagged++;
    }
  });
  const s: Score = {
    precision: tp / (tp + fp || 1),
    recall: tp / (tp + fn || 1),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    lookAlikeRate: cleanFlagged / clean,
    lookAlikes: clean,
  };
  return { score: s, msPerAd, misses };
}

/** Text signals of one ad together: signature and band keys, contacts, risky phrases. */
export function textSignalsMs(ads: Array<{ heading: string; details: string }>): number {
  const started = performance.now();
  for (const ad of ads) {
    textBandKeys(minhash(ad));
    findContacts(ad);
    findRiskyPhrases(ad);
  }
  return (performance.now() - started) / ads.length;
}
