import type { AdDuplicate, AdSignalsResponse } from '@backoffice/contract';
import { adId, makeAd } from '../ads-test-data';

/** Test data for the panel's signals: an ad with one signal of most kinds, its repost and its photo's original. */
export const details = 'Call 077 123 4567 now. Advance payment required before viewing.';
export const axio = makeAd({
  _id: adId(1),
  heading: 'Toyota Axio 2012 for Sale',
  details,
  category: 'Vehicles',
  price: 500_000,
  images: ['ads/one.png', '/uploads/ads/two.png'],
});
export const repost = makeAd({
  _id: adId(2),
  heading: 'Toyota Axio 2012 for Sale',
  username: 'nimal2',
  images: ['ads/r.png'],
});
export const original = makeAd({
  _id: adId(3),
  heading: 'Axio 2012 sale',
  status: 'approved',
  images: ['ads/a.png', 'ads/b.png'],
});
export const kasun = '11111111-1111-4111-8111-111111111111';
const at = (text: string) => ({ start: details.indexOf(text), end: details.indexOf(text) + text.length });

export const found: AdSignalsResponse = {
  success: true,
  risk: 84,
  analysedAt: '2026-11-22T12:00:05.000Z',
  unreadableImages: ['/uploads/ads/two.png'],
  signals: [
    { kind: 'new_account', evidence: { firstAd: true, accountAgeHours: 5 } },
    {
      kind: 'contact_in_text',
      evidence: {
        contacts: [
          { field: 'details', ...at('077 123 4567'), text: '077 123 4567', type: 'phone', phone: '+94771234567' },
        ],
      },
    },
    {
      kind: 'risky_phrase',
      evidence: {
        phrases: [
          {
            field: 'details',
            ...at('Advance payment'),
            text: 'Advance payment',
            phrase: 'advance payment',
            category: 'advance_payment',
            language: 'en',
          },
        ],
      },
    },
    {
      kind: 'price_outlier',
      evidence: {
        price: 500_000,
        direction: 'below',
        usual: 4_500_000,
        usualLow: 3_000_000,
        usualHigh: 6_500_000,
        z: -5.2,
        sample: 120,
        category: 'Vehicles',
      },
    },
    {
      kind: 'phone_reuse',
      evidence: {
        phones: [
          {
            phone: '+94771234567',
            source: 'contact',
            accounts: [
              { userId: kasun, username: 'kasun' },
              { userId: '33333333-3333-4333-8333-333333333333', username: 'ruwan' },
            ],
          },
        ],
      },
    },
    { kind: 'duplicate_text', evidence: { duplicates: [{ adId: repost._id, similarity: 0.93 }] } },
    {
      kind: 'stolen_image',
      evidence: {
        matches: [
          {
            image: 0,
            imagePath: 'ads/one.png',
            otherAdId: original._id,
            otherImage: 1,
            otherImagePath: 'ads/b.png',
            distance: 2,
          },
        ],
      },
    },
  ],
};
export const duplicate = (ad: typeof repost, via: AdDuplicate['via'], similarity: number): AdDuplicate => ({
  _id: ad._id,
  heading: ad.heading,
  username: ad.username,
  status: ad.status,
  similarity,
  via,
  images: ad.images,
  postingDate: ad.postingDate,
});
