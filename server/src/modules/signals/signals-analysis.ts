import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { contactInText } from '../../signals/contact-in-text';
import { duplicateImage, imageBandKeys, imageLookupKeys } from '../../signals/duplicate-image';
import { duplicateText, minhash, signatureFromBytes, textBandKeys } from '../../signals/duplicate-text';
import { writeWithRules, type RuleRunDeps } from '../rules/rules-apply';
import { invalidPhone } from '../../signals/invalid-phone';
import { newAccount } from '../../signals/new-account';
import { normalisePhone } from '../../signals/phone';
import { PriceHistogram, priceOutlier } from '../../signals/price-outlier';
import { repeatOffender } from '../../signals/repeat-offender';
import type { Signal } from '../../signals/types';
import type { FileStorage } from '../../storage/file-storage';
import { readPhotos } from './ad-photos';
import { groupBy, linkDuplicatesBack, toRow, unique, type Prepared } from './analysis-rows';
import { phoneSignals, type AdPhone, type PhoneAccount } from './phone-signals';
import { currentPhraseModule, type PhraseModule } from './risky-phrases';
import * as repo from './signals-repository';
import { writeAnalyses } from './signals-store-repository';

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
  /** Given up when aborted before the write (a server closing): nothing written, the ads stay queued. */
  signal?: AbortSignal;
};

const advertiserOf = (adId: string, userId: string | null) => userId ?? `ad:${adId}`;

/** Analyses these ads (those not analysed yet, unless `force`); the ids written. */
export async function analyseAds(
  deps: AnalysisDeps,
  ids: readonly string[],
  opts: AnalyseOptions = {},
): Promise<string[]> {
  const prepared = await prepareBatch(deps, ids, opts);
  return prepared ? analysePrepared(deps, prepared, opts) : [];
}

/** Ads prepared in a row before the event loop gets a turn (a write in flight is not held up long). */
const PREPARE_TURN = 4;

/**
 * The part of an analysis that depends on no other ad: the batch's ads read and each prepared on
 * its own (most of the CPU's share). The backfill prepares its next batch while the last one's
 * lookups and write run; the lookups wait for that write (they must see its bands). Undefined
 * when aborted.
 */
export async function prepareBatch(
  deps: AnalysisDeps,
  ids: readonly string[],
  opts: AnalyseOptions = {},
): Promise<Prepared[] | undefined> {
  const ads = await repo.loadAds(deps.db, ids, !!opts.force, deps.clock());
  const phrases = await currentPhraseModule(deps.db); // the admins' lists, compiled again only after a change
  const prepared: Prepared[] = [];
  for (const ad of ads) {
    if (opts.signal?.aborted) return undefined;
    prepared.push(await prepare(deps, ad, { textOnly: !!opts.textOnly, phrases }));
    if (prepared.length % PREPARE_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return prepared;
}

/** The prepared batch against the stored ads and its own earlier ones, written; the ids written. */
export async function analysePrepared(
  deps: AnalysisDeps,
  prepared: Prepared[],
  opts: AnalyseOptions = {},
): Promise<string[]> {
  const { db } = deps;
  const batchIds = prepared.map((p) => p.ad.id);

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
  const categories = unique(prepared.filter((p) => p.ad.price !== null && p.ad.price > 0).map((p) => p.ad.category));
  const histograms = await repo.priceCounts(db, categories, batchIds);

  const byTextKey = groupBy(
    textMatches,
    (m) => m.key,
    (m) => m.adId,
  );
  const signatures = new Map([...textSignatures].map(([adId, bytes]) => [adId, signatureFromBytes(bytes)]));
  const byImageKey = groupBy(
    imageMatches,
    (m) => m.key,
    (m) => `${m.adId}/${m.image}`,
  );
  const storedByRef = new Map(stored.map((s) => [`${s.adId}/${s.image}`, s]));
  const accountsByPhone = groupBy(
    accounts,
    (a) => a.phone,
    (a) => a,
  );
  // The batch's earlier ads: by text band key (their places in the batch), their numbers' accounts.
  const earlierByKey = new Map<number, number[]>();
  const earlierAccounts = new Map<string, PhoneAccount[]>();
  const stats = new Map<string, ReturnType<PriceHistogram['stats']>>();
  const priceBins = new Map<string, number | null>();
  for (const [i, p] of prepared.entries()) {
    const { ad } = p;
    // Text: stored ads sharing a band key, and the batch's earlier ads sharing one (in batch order).
    const textCandidates = new Map<string, Uint32Array>();
    const earlier = new Set<number>();
    for (const key of p.textKeys) {
      for (const adId of byTextKey.get(key) ?? []) {
        const signature = signatures.get(adId);
        if (signature) textCandidates.set(adId, signature);
      }
      for (const j of earlierByKey.get(key) ?? []) earlier.add(j);
    }
    for (const j of [...earlier].sort((a, b) => a - b)) textCandidates.set(prepared[j]!.ad.id, prepared[j]!.signature);
    for (const key of p.textKeys) earlierByKey.set(key, [...(earlierByKey.get(key) ?? []), i]);
    p.signals.push(
      ...duplicateText.detect({
        signature: p.signature,
        candidates: [...textCandidates].map(([adId, signature]) => ({ adId, signature })),
      }),
    );
    // Photos: the same, by image band keys.
    if (p.photos.length) p.signals.push(...imageSignals(p, prepared.slice(0, i), byImageKey, storedByRef));
    // Numbers: the accounts behind each (stored ads and the batch's earlier ones), the blocklist.
    const behind = p.phones.flatMap((ph) => [
      ...(accountsByPhone.get(ph.phone) ?? []),
      ...(earlierAccounts.get(ph.phone) ?? []),
    ]);
    p.signals.push(...phoneSignals(ad, p.phones, behind, blocked));
    if (ad.userId)
      for (const ph of p.phones)
        earlierAccounts.set(ph.phone, [
          ...(earlierAccounts.get(ph.phone) ?? []),
          { phone: ph.phone, userId: ad.userId, username: ad.username },
        ]);
    // Price: the category's usual price, without this ad's own (the same for the batch's ads).
    const counts = histograms.get(ad.category);
    const priceBin = ad.price !== null && ad.price > 0 ? PriceHistogram.binOf(ad.price) : null;
    let usual = stats.get(ad.category);
    if (!usual)
      stats.set(ad.category, (usual = counts ? new PriceHistogram(counts).stats() : { n: 0, median: 0, mad: 0 }));
    for (const s of priceOutlier.detect({ price: ad.price, stats: usual }))
      p.signals.push({ ...s, evidence: { ...s.evidence, category: ad.category } });
    priceBins.set(ad.id, priceBin);
  }
  const backLinks = linkDuplicatesBack(prepared);
  const rows = prepared.map((p) => toRow(p, priceBins.get(p.ad.id) ?? null));
  if (opts.signal?.aborted) return [];
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
  const signals: Signal[] = [
    ...contacts,
    ...o.phrases.detect(text),
    ...invalidPhone.detect({ phone: ad.phone1 }),
    ...repeatOffender.detect({ activeStrikes: ad.activeStrikes }),
  ];
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
