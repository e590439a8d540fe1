import { createRng } from './random';

/**
 * A seller's own words after a demo ad's templated details, as real ads have: without them the
 * demo's ads of one category share most of their words, and the trust signals would rightly call
 * nearly every one a near-duplicate of another (docs/decisions/0029-trust-signals.md). Three
 * sentences of different words each, from pools large enough that two ads seldom share both. Each
 * ad's note comes from a random stream of its own (seeded by its number), so the demo's other
 * content is what the same seed always gave.
 */
const STORIES = [
  'Selling because we bought a bigger one last month and need the space back.',
  'Kept carefully by a retired teacher who hardly ever took it outside the house.',
  'Our family is relocating to Kandy after my transfer, hence this unexpected sale.',
  'Bought brand new from the authorised showroom in Nugegoda during the 2021 season.',
  'Reason for selling is simple: upgrading to a newer model after my promotion.',
  'Lightly used by my daughter during her university years, mostly on weekends.',
  'Inherited from my late uncle in Matara and barely touched since the funeral.',
  'Maintained strictly on schedule, every service stamped in the original booklet.',
  'Original receipts, warranty papers and manuals are kept safely in a folder.',
  'We imported it ourselves three years ago and treated it like a family member.',
  'My brother abroad sent it as a gift, but honestly we never really needed it.',
  'Garage kept, covered at night, cleaned every Sunday morning without fail.',
  'Only selling since the company gave me an official one with the new job.',
  'Second owner, but the first owner was my cousin so I know its whole history.',
  'Used for a small home business that we closed down before the pandemic.',
  'Stored at our ancestral house in Kurunegala while we lived overseas.',
  'Purchased at the Colombo trade fair, with the exhibition discount certificate.',
  'It served our wedding preparations well and now deserves a new home.',
  'Looked after by a careful engineer who repairs anything the same day.',
  'Our children have grown up, so this item is simply no longer useful here.',
  'Bought for a planned shop in Negombo that we finally decided against.',
  'Freshly serviced last week at the agent, bill attached to the documents.',
  'A well known brand that keeps its value, chosen after months of research.',
  'Rarely found in this condition anymore, ask any mechanic or technician nearby.',
  'Moving into a small apartment in Rajagiriya where there is no room left.',
  'Received as a retirement present from colleagues at the port authority.',
  'Never rented, never pawned, never used commercially, private use alone.',
  'Upgraded everything possible last year, parts and labour invoices included.',
  'Pictures honestly show a tiny mark near the corner, otherwise perfect.',
  'My grandmother chose this one herself and it reminds us of her kindness.',
];
const TERMS = [
  'Inspection welcome any afternoon after four at our residence near the temple.',
  'Bring your own mechanic or technician, I am happy to wait while they check.',
  'Delivery can be arranged anywhere within the Western Province for a small charge.',
  'Bank transfer or cash on handover, whichever you prefer, receipt provided.',
  'Price is slightly flexible for a quick decision, reasonable offers considered.',
  'Photos were taken yesterday in daylight without any filters or editing.',
  'No brokers or middlemen please, I deal only with genuine end buyers.',
  'Exchange considered for something smaller of similar value in good shape.',
  'Viewing near the clock tower by appointment, weekday evenings suit me best.',
  'Located close to the main bus stand, easy to reach by three wheeler.',
  'Happy to answer questions about maintenance through the site messages.',
  'First come, first served; the earlier visitor gets the first chance.',
  'Documents transfer immediately at the divisional secretariat on payment.',
  'Test runs allowed on the quiet lane behind our house before buying.',
  'Spare keys, covers and the original box are included at no extra cost.',
  'Leasing facilities can be discussed with my bank manager if needed.',
  'Will hold it for two days with a small refundable token from serious buyers.',
  'Saturday mornings are best; Sundays we visit family in Gampaha.',
  'Kindly send an offer through messages if the price does not suit you.',
  'Free transport to Kelaniya, Kadawatha or Kiribathgoda on the weekend.',
  'Genuine reason for sale, please do not waste time with silly offers.',
  'Registration book clear, single name, no finance or pending dues.',
  'Vehicle, item or property can also be seen on a short video call first.',
  'Neighbours can vouch for how carefully we used and kept it over the years.',
  'Payment must clear before handover, as is usual for such private sales.',
  'Ready for immediate sale, the sooner the better for our moving plans.',
  'Batteries, filters and small consumables were replaced only last month.',
  'Parking available at our gate, so visitors can come by car without trouble.',
  'We speak Sinhala, Tamil and English, so feel free to write in any of them.',
  'Thank you for looking, and have a pleasant day whatever you decide.',
];

const ASIDES = [
  'Colour looks darker indoors than outside.',
  'Neighbour bought an identical one and loves it.',
  'Comes wrapped in blankets from storage.',
  'Smells fresh, no smoking household.',
  'Pet free home, absolutely no fur anywhere.',
  'Minor dent fixed professionally in March.',
  'Sticker residue remains near the label.',
  'Manual written partly in Japanese characters.',
  'Quiet operation even at full power.',
  'Fits easily through narrow doorways.',
  'Surprisingly light, one person carries it.',
  'Sunlight never faded anything, always shaded.',
  'Electric fittings checked by a licensed electrician.',
  'Monsoon season never affected it, kept dry.',
  'Handmade cover sewn by my aunt included.',
  'Serial numbers match every certificate.',
  'Tested again this morning before posting.',
  'Astrologer chose the purchase date, lucky item!',
  'Calm buyers welcome, tea served during visits.',
  'Gently polished, shines like the showroom.',
  'Perfect for newlyweds setting up home.',
  'Students and young professionals especially welcome.',
  'Cricket season discount for early birds.',
  'Paperwork translated into English as well.',
  'Rain cover and mud flaps newly fitted.',
  'Ceiling height needed is only modest.',
  'Rust proofing treatment renewed recently.',
  'Original paint, never resprayed anywhere.',
  'Village temple blessed it after purchase.',
  'Grandchildren already outgrew it sadly.',
];

export function sellerNote(adNumber: number): string {
  const rng = createRng(100_003 + adNumber * 7);
  return `${rng.pick(STORIES)} ${rng.pick(ASIDES)} ${rng.pick(TERMS)}`;
}
