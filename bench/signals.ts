/**
 * Trust signals on a labelled set (issue 33; docs/decisions/0029-trust-signals.md): precision and
 * recall of duplicate text, duplicate image and contact in text, the false matches among clean
 * look-alikes, the image hash's speed and the text signals' time per ad. The set is generated from
 * its recipe in bench/signals/ with fixed seeds: thresholds were chosen on the "tune" split, the
 * figures are the "test" split's (the tune split's are shown beside them). Each ad is looked up
 * among the ads before it through its band keys, as the job does against the band tables.
 * Appends to bench/RESULTS.md unless --no-record.
 *
 *   node --import tsx bench/signals.ts [--no-record]
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { imageHashes } from '../server/src/signals/image-hash';
import { contactSet, photoSet, textSet, type Split } from './signals/dataset';
import { evaluateContacts, evaluatePhotos, evaluateText, textSignalsMs, type Score } from './signals/evaluate';

const { values } = parseArgs({ options: { 'no-record': { type: 'boolean', default: false } } });

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const f3 = (x: number) => x.toFixed(3);
const TARGETS = {
  text: { precision: 0.97, recall: 0.9, lookAlike: 0.01 },
  image: { precision: 0.97, recall: 0.9, lookAlike: 0.01 },
  contact: { precision: 0.98, recall: 0.95, lookAlike: 0.01 },
};
const meets = (s: Score, t: { precision: number; recall: number; lookAlike: number }) =>
  s.precision >= t.precision && s.recall >= t.recall && (s.lookAlikeRate ?? 0) <= t.lookAlike ? 'yes' : 'no';

async function run(split: Split) {
  const texts = textSet(split);
  const photos = await photoSet(split);
  const contacts = contactSet(split);
  return {
    text: evaluateText(texts),
    image: await evaluatePhotos(photos),
    contact: evaluateContacts(contacts),
    sizes: { ads: texts.ads.length, photos: photos.photos.length, contactAds: contacts.length },
    photos,
    allAds: [...texts.ads, ...contacts],
  };
}

/** Photos hashed one at a time, and four at a time (sharp decodes on its own threads). */
async function hashSpeed(photos: Buffer[]) {
  let started = performance.now();
  for (const p of photos) await imageHashes(p);
  const sequential = photos.length / ((performance.now() - started) / 1000);
  started = performance.now();
  for (let i = 0; i < photos.length; i += 4) await Promise.all(photos.slice(i, i + 4).map((p) => imageHashes(p)));
  const four = photos.length / ((performance.now() - started) / 1000);
  return { sequential, four };
}

async function main() {
  const tune = await run('tune');
  const test = await run('test');
  const speed = await hashSpeed(test.photos.photos.map((p) => p.bytes));
  const perAd = textSignalsMs(test.allAds);
  const row = (name: string, key: 'text' | 'image' | 'contact', unit: string) => {
    const s = test[key].score;
    const t = tune[key].score;
    const target = TARGETS[key];
    return `| ${name} | ${unit} | ${f3(s.precision)} | ${f3(s.recall)} | ${s.truePositives} / ${s.falsePositives} / ${s.falseNegatives} | ${pct(s.lookAlikeRate ?? 0)} of ${s.lookAlikes} | ${f3(t.precision)} / ${f3(t.recall)} / ${pct(t.lookAlikeRate ?? 0)} | ≥ ${target.precision} / ≥ ${target.recall} / ≤ 1 % | ${meets(s, target)} |`;
  };
  const byEdit = [...test.image.byEdit].map(([edit, e]) => `${edit} ${e.found}/${e.of}`).join(', ');
  const date = new Date().toISOString().slice(0, 10);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = os.loadavg()[0]!.toFixed(1);
  const text = [
    `\n## ${date} — trust signals on the labelled set (issue 33)`,
    '',
    `Command: \`node --import tsx bench/signals.ts\`. Machine: ${os.cpus().length} cores, ${cpu}, Node ${process.version}, load average ${load} at the end (the machine was shared). ` +
      `Test split: ${test.sizes.ads} ads for text, ${test.sizes.photos} photos, ${test.sizes.contactAds} ads for contacts; thresholds chosen on the tune split (seed 1), figures from the test split (seed 2).`,
    '',
    '| signal | counted over | precision | recall | found / false / missed | look-alikes matched | tune split P / R / look-alikes | target P / R / look-alikes | met |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    row('duplicate_text', 'text', 'pairs of ads'),
    row('duplicate_image (and stolen_image)', 'image', 'pairs of photos'),
    row('contact_in_text', 'contact', 'contacts (look-alikes: clean ads)'),
    '',
    `Photos by edit, found of planted: ${byEdit}; duplicate or stolen told apart right for ${pct(test.image.kindAccuracy)} of the pairs found. ` +
      `Candidates from the band lookup: ${test.text.candidatesPerAd.toFixed(1)} per ad (text), ${test.image.candidatesPerPhoto.toFixed(1)} per photo (images).`,
    '',
    `Speed: image hash ${speed.sequential.toFixed(0)} images/s one at a time, ${speed.four.toFixed(0)} images/s four at a time (800 × 600 JPEG, 26 hashes each; target ≥ 50/s); ` +
      `text signals (MinHash and band keys, contacts, risky phrases) ${perAd.toFixed(2)} ms per ad.`,
  ].join('\n');
  console.log(text);
  for (const m of test.contact.misses.slice(0, 20)) console.log(`  contact ${m}`);
  if (!values['no-record']) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text + '\n');
}

await main();
