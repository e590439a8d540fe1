import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { SignalsService } from '../modules/signals/signals-service';
import type { DemoModerator } from './demo-moderators';
import { DUPLICATE_HEADING } from './demo-plan';

const DAY = 86_400_000;

/**
 * The number a demo moderator put on the blocklist a few days before the start (a fake job
 * agency's), and the one a land broker gives for three different owners' land.
 */
export const DEMO_BLOCKED_PHONE = '076 482 9173';
export const DEMO_BROKER_PHONE = '071 555 2847';

type PendingAd = { id: string; userId: string; details: string };

/** The demo's pending ads of a category, oldest first (the Toyota Axio repost left alone). */
async function pendingIn(db: Db, category: string): Promise<PendingAd[]> {
  return rowsOf<PendingAd>(
    await db.execute(sql`
      select id, user_id as "userId", details from advertisements
      where status = 'pending' and category = ${category} and heading <> ${DUPLICATE_HEADING}
      order by posting_date, id`),
  );
}

async function setAd(db: Db, id: string, set: { details?: string; phone1?: string; price?: number }) {
  await db.execute(sql`
    update advertisements set
      details = coalesce(${set.details ?? null}, details),
      phone1 = coalesce(${set.phone1 ?? null}, phone1),
      price = coalesce(${set.price ?? null}::int, price)
    where id = ${id}::uuid`);
}

/**
 * The text-side trust signals (docs/decisions/0029-trust-signals.md) on a few of the demo's pending
 * ads, written as advertisers write them, so that the first start shows each of them: they are
 * edits of pending ads already there (the demo keeps its 300 ads, their statuses and headings).
 * Called after the month's decisions and before the backfill that finds the signals.
 *
 * - contact_in_text: a phone number spelt out in Singlish, an email written "at gmail dot com", a
 *   WhatsApp handle in a Tamil sentence;
 * - invalid_phone: a contact number one digit short;
 * - phone_reuse: a broker's number on three owners' land (three accounts make it reuse);
 * - blocked_phone: a number blocked by a demo moderator through the Blocked numbers path
 *   (SignalsService.block, so the entry is audited), on a job ad asking for a registration fee
 *   (risky_phrase), in English and Sinhala; a second job ad asks the same in Tamil;
 * - price_outlier: an electronics item priced in thousands by mistake (Rs 3,200);
 * - new_account: none planted, every advertiser's first ad already carries it.
 *
 * duplicate_image and stolen_image cannot show: the demo's photos are a few placeholder pictures
 * shared by many ads, and the demo's backfill reads text only (they would all look like copies).
 */
export async function plantSignals(db: Db, moderators: DemoModerator[], now: Date): Promise<void> {
  const phones = await pendingIn(db, 'Mobile phones');
  const electronics = await pendingIn(db, 'Electronics');
  const rentals = await pendingIn(db, 'Property rentals');
  const services = await pendingIn(db, 'Services');
  const land = await pendingIn(db, 'Land sale');
  const jobs = await pendingIn(db, 'Vacancies');

  const spelt = phones[0];
  if (spelt)
    await setAd(db, spelt.id, {
      details: `${spelt.details} Call karanna puluwan: binduwa hatha hatha, hathara pahai atai, deka eka nawaya haya. Sthuthi!`,
    });
  const email = electronics[0];
  if (email)
    await setAd(db, email.id, {
      details: `${email.details} Wadi wisthara dana ganna email ekak danna: ruwan.homeaudio at gmail dot com`,
    });
  const handle = rentals[0];
  if (handle)
    await setAd(db, handle.id, {
      details: `${handle.details} மேலதிக விவரங்களுக்கு WhatsApp @matale_annex இல் தொடர்பு கொள்ளவும். நன்றி.`,
    });
  const typo = services[0];
  if (typo) await setAd(db, typo.id, { phone1: '077 123 456' });

  // Three owners' land, one broker's number (the owners' own ads elsewhere keep theirs).
  const owners = new Set<string>();
  for (const ad of land) {
    if (owners.size === 3) break;
    if (owners.has(ad.userId)) continue;
    owners.add(ad.userId);
    await setAd(db, ad.id, { phone1: DEMO_BROKER_PHONE });
  }

  // The newest pending ad of the category with the most prices: the category's usual price is
  // known by the time it is analysed (price_outlier needs 30 priced ads of the category).
  const cheap = electronics.at(-1);
  if (cheap && cheap !== email)
    await setAd(db, cheap.id, {
      price: 3200,
      details: cheap.details.replace(/Rs\. [\d,]+/, 'Rs. 3,200'),
    });

  // A fake agency: blocked by a moderator five days ago, back with a job that costs a fee.
  const blocker = moderators[0]!;
  await new SignalsService(db, () => new Date(now.getTime() - 5 * DAY)).block(DEMO_BLOCKED_PHONE, blocker.id);
  const [scam, tamilFee] = jobs;
  if (scam)
    await setAd(db, scam.id, {
      phone1: DEMO_BLOCKED_PHONE,
      details:
        'Immediate vacancies at a leading company in Colombo, no experience needed. Salary Rs. 95,000. ' +
        'A registration fee of Rs. 3,500 must be paid before the interview. ' +
        'සම්මුඛ පරීක්ෂණයට පෙර ලියාපදිංචි ගාස්තුව රු. 3,500 ගෙවිය යුතුය.',
    });
  if (tamilFee)
    await setAd(db, tamilFee.id, {
      details: `${tamilFee.details} நேர்முகத் தேர்வுக்கு முன் பதிவு கட்டணம் ரூ. 2,500 செலுத்த வேண்டும்.`,
    });
}
