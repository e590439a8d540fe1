import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { contactInText } from '../../signals/contact-in-text';
import { duplicateImage, imageBandKeys, imageLookupKeys } from '../../signals/duplicate-image';
import {
  duplicateText,
  minhash,
  signatureFromBytes,
  signatureToBytes,
  textBandKeys,
  type DuplicateTextEvidence,
} from '../../signals/duplicate-text';
import { writeWithRules, type RuleRunDeps } from '../rules/rules-apply';
import { invalidPhone } from '../../signals/invalid-phone';
import { newAccount } from '../../signals/new-account';
import { normalisePhone } from '../../signals/phone';
import { PriceHistogram, priceOutlier } from '../../signals/price-outlier';
import { riskScore } from '../../signals/risk';
import type { Signal } from '../../signals/types';
import type { FileStorage } from '../../storage/file-storage';
import { readPhotos } from './ad-photos';
import { phoneSignals, type AdPhone } from './phone-signals';
import { currentPhraseModule, type PhraseModule } from './risky-phrases';
import * as repo from './signals-repository';
import { writeAnalyses, type AnalysisRow, type BackLink } from './signals-store-repository';

/**
 * The analysis of new ads (docs/decisions/0029-trust-signals.md): gathers what each signal module
 * needs (the text; the contact and written numbers; the category's prices read before this ad's
 * own is counted; the advertiser's age and earlier ads; the candidates the text and photo bands
 * find), runs the modules and writes the signals, the risk and the ad's own bands in one
 * transaction. The job of one new ad, the backfill's batches and the demo seed all call this.
 * A batch is analysed oldest first, each ad against the ads stored and the batch's earlier ones,
 * so that of two copies the later one carries the duplicate signal.
 */
export type AnalysisDeps = {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Moderation rules, run on the written ads in the same transaction (the server's worker passes them). */
  rules?: RuleRunDeps;
};
export type AnalyseOptions = {
  /** Skip the photos (the backfill's --text-only, the demo seed's placeholder pictures). */
  textOnly?: boolean;
  /** Analyse again ads analysed already (their earlier analysis is replaced). */
  force?: boolean;
  /** Entries of ad_analysis_queue to drop with the write. */
  queued?: readonly string[];
};

type Prepared = {
  ad: repo.AdInput;
  signature: Uint32Array;
  textKeys: number[];
  phones: AdPhone[];
  photos: { image: number; path: string; hashes: bigint[]; keys: number[]; lookup: number[] }[];
  unreadable: string[];
  signals: Signal[];
};

const advertiserOf = (adId: string, userId: string | null) => userId ?? `ad:${adId}`;

/** Analyses these ads (those not analysed yet, unless `force`); the ids written. */
export async function analyseAds(
  deps: AnalysisDeps,
  ids: readonly string[],
  opts: AnalyseOptions = {},
): Promise<string[]> {
  const { db } = deps;
  const ads = await repo.loadAds(db, ids, !!opts.force);
  const prepared: Prepared[] = [];
  const phrases = await currentPhraseModule(db); // the admins' lists, compiled again only after a change
  for (const ad of ads) prepared.push(await prepare(deps, ad, { textOnly: !!opts.textOnly, phrases }));
  const batchIds = ads.map((a) => a.id);

  // What the stored ads offer, for the whole batch at once.
  const textMatches = await repo.textBandMatches(db, unique(prepared.flatMap((p) => p.textKeys)), batchIds);
  const textSignatures = await repo.signatures(db, unique(textMatches.map((m) => m.adId)));
  const imageMatches = await repo.imageBandMatches(
    db,
    unique(prepared.flatMap((p) => p.photos.flatMap((ph) => ph.lookup))),
    batchIds,
  );
  const stored = await repo.storedPhotos(db, unique(imageMatches.map((m) => m.adId)));
  const phones = unique(prepared.flatMap((p) => p.phones.map((ph) => ph.phone)));
  const accounts = await repo.phoneAccounts(db, phones);
  const blocked = await repo.blockedAmong(db, phones);
  const categories = unique(ads.filter((a) => a.price !== null && a.price > 0).map((a) => a.category));
  const histograms = await repo.priceCounts(db, categories, batchIds);

  const byTextKey = groupBy(
    textMatches,
    (m) => m.key,
    (m) => m.adId,
  );
  const byImageKey = groupBy(
    imageMatches,
    (m) => m.key,
    (m) => `${m.adId}/${m.image}`,
  );
  const storedByRef = new Map(stored.map((s) => [`${s.adId}/${s.image}`, s]));
  const priceBins = new Map<string, number | null>();
  for (const [i, p] of prepared.entries()) {
    const earlier = prepared.slice(0, i);
    const { ad } = p;
    // Text: stored ads sharing a band key, and the batch's earlier ads sharing one.
    const keySet = new Set(p.textKeys);
    const textCandidates = new Map<string, Uint32Array>();
    for (const key of p.textKeys)
      for (const adId of byTextKey.get(key) ?? []) {
        const bytes = textSignatures.get(adId);
        if (bytes) textCandidates.set(adId, signatureFromBytes(bytes));
      }
    for (const e of earlier) if (e.textKeys.some((k) => keySet.has(k))) textCandidates.set(e.ad.id, e.signature);
    p.signals.push(
      ...duplicateText.detect({
        signature: p.signature,
        candidates: [...textCandidates].map(([adId, signature]) => ({ adId, signature })),
      }),
    );
    // Photos: the same, by image band keys.
    if (p.photos.length) p.signals.push(...imageSignals(p, earlier, byImageKey, storedByRef));
    // Numbers: the accounts behind each (stored ads and the batch's earlier ones), the blocklist.
    const batchAccounts = earlier.flatMap((e) =>
      e.ad.userId ? e.phones.map((ph) => ({ phone: ph.phone, userId: e.ad.userId!, username: e.ad.username })) : [],
    );
    p.signals.push(...phoneSignals(ad, p.phones, [...accounts, ...batchAccounts], blocked));
    // Price: the category's usual price, without this ad's own.
    const counts = histograms.get(ad.category);
    const priceBin = ad.price !== null && ad.price > 0 ? PriceHistogram.binOf(ad.price) : null;
    const stats = counts ? new PriceHistogram(counts).stats() : { n: 0, median: 0, mad: 0 };
    for (const s of priceOutlier.detect({ price: ad.price, stats }))
      p.signals.push({ ...s, evidence: { ...s.evidence, category: ad.category } });
    priceBins.set(ad.id, priceBin);
  }
  const backLinks = linkDuplicatesBack(prepared);
  const rows = prepared.map((p) => toRow(p, priceBins.get(p.ad.id) ?? null));
  const written = await writeWithRules(db, deps, (tx) =>
    writeAnalyses(tx, rows, deps.clock(), { force: !!opts.force, queued: opts.queued ?? [], backLinks }),
  );
  return written;
}

/** Everything about the ad alone: text signature and signals, numbers, photos' hashes. */
async function prepare(deps: AnalysisDeps, ad: repo.AdInput, o: { textOnly: boolean; phrases: PhraseModule }) {
  const text = { heading: ad.heading, details: ad.details };
  const signature = minhash(text);
  const contacts = contactInText.detect(text);
  const signals: Signal[] = [...contacts, ...o.phrases.detect(text), ...invalidPhone.detect({ phone: ad.phone1 })];
  if (ad.accountCreatedAt)
    signals.push(
      ...newAccount.detect({
        accountCreatedAt: ad.accountCreatedAt,
        postedAt: ad.postingDate,
        earlierAds: ad.hasEarlierAds ? 1 : 0,
      }),
    );
  const phones = new Map<string, AdPhone>();
  const contact = ad.phone1 ? normalisePhone(ad.phone1) : null;
  if (contact) phones.set(contact, { phone: contact, source: 'contact' });
  for (const c of contacts.flatMap((s) => s.evidence.contacts))
    if (c.phone && !phones.has(c.phone)) phones.set(c.phone, { phone: c.phone, source: 'text' });
  const { photos, unreadable } = o.textOnly ? { photos: [], unreadable: [] } : await readPhotos(deps, ad.images);
  return {
    ad,
    signature,
    textKeys: textBandKeys(signature),
    phones: [...phones.values()],
    photos: photos.map((ph) => ({ ...ph, keys: imageBandKeys(ph.hashes), lookup: imageLookupKeys(ph.hashes) })),
    unreadable,
    signals,
  };
}

function imageSignals(
  p: Prepared,
  earlier: Prepared[],
  byImageKey: Map<number, string[]>,
  storedByRef: Map<string, repo.StoredPhoto>,
): Signal[] {
  const contact = p.phones.find((ph) => ph.source === 'contact')?.phone ?? null;
  const candidates = new Map<
    string,
    { adId: string; image: number; path: string; hashes: bigint[]; advertiserId: string; phone: string | null }
  >();
  for (const photo of p.photos)
    for (const key of photo.lookup)
      for (const ref of byImageKey.get(key) ?? []) {
        const s = storedByRef.get(ref);
        if (s) candidates.set(ref, { ...s, advertiserId: advertiserOf(s.adId, s.userId) });
      }
  for (const e of earlier) {
    const phone = e.phones.find((ph) => ph.source === 'contact')?.phone ?? null;
    for (const ph of e.photos)
      if (p.photos.some((mine) => mine.lookup.some((k) => ph.keys.includes(k))))
        candidates.set(`${e.ad.id}/${ph.image}`, {
          adId: e.ad.id,
          image: ph.image,
          path: ph.path,
          hashes: ph.hashes,
          advertiserId: advertiserOf(e.ad.id, e.ad.userId),
          phone,
        });
  }
  const paths = new Map([...candidates.values()].map((c) => [`${c.adId}/${c.image}`, c.path]));
  const mine = new Map(p.photos.map((ph) => [ph.image, ph.path]));
  return duplicateImage
    .detect({
      advertiserId: advertiserOf(p.ad.id, p.ad.userId),
      phone: contact,
      photos: p.photos,
      candidates: [...candidates.values()],
    })
    .map((s) => ({
      ...s,
      evidence: {
        matches: s.evidence.matches.map((m) => ({
          image: m.image,
          imagePath: mine.get(m.image) ?? '',
          otherAdId: m.otherAdId,
          otherImage: m.otherImage,
          otherImagePath: paths.get(`${m.otherAdId}/${m.otherImage}`) ?? '',
          distance: m.distance,
        })),
      },
    }));
}

/**
 * Near-duplicate text is mutual: an ad found to repeat an earlier one names it, and the earlier one
 * names the later in turn (both show the chip; the moderator keeps one). Earlier ads of the batch
 * get the link here; stored ones are returned, for the write to add it to their signals.
 */
function linkDuplicatesBack(prepared: Prepared[]): BackLink[] {
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
        own.evidence.duplicates = [...own.evidence.duplicates.filter((x) => x.adId !== p.ad.id), link].sort(
          (a, b) => b.similarity - a.similarity,
        );
        own.strength = Math.max(own.strength ?? 1, d.similarity);
      }
    }
  }
  return stored;
}

/** The row to write: one signal per kind (its strongest), and the risk from them. */
function toRow(p: Prepared, priceBin: number | null): AnalysisRow {
  const byKind = new Map<string, Signal>();
  for (const s of p.signals) {
    const seen = byKind.get(s.kind);
    if (!seen || (s.strength ?? 1) > (seen.strength ?? 1)) byKind.set(s.kind, s);
  }
  const signals = [...byKind.values()];
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

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function groupBy<T, K, V>(items: T[], key: (t: T) => K, value: (t: T) => V): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(value(item));
    else map.set(key(item), [value(item)]);
  }
  return map;
}
