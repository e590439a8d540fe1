import type { AdListResponse, Advertisement } from '@backoffice/contract';

/** Test data for the ads screen; override fields per test. */
export function makeAd(overrides: Partial<Advertisement> = {}): Advertisement {
  return {
    _id: '5b0c1e2d-3f4a-4b5c-8d6e-7f8091a2b3c4',
    title: 'Land for sale',
    heading: 'Land for sale in Kandy',
    details: '20 perches, clear deeds',
    username: 'nimal',
    userId: null,
    phone1: '0771234567',
    category: 'Land',
    district: 'Kandy',
    price: null,
    status: 'pending',
    rejectionReason: null,
    images: ['ads/one.png', '/uploads/ads/two.png'],
    postingDate: '2026-11-22T12:00:00.000Z',
    adType: 'digital',
    moderatedAt: null,
    moderatedBy: null,
    ...overrides,
  };
}

/** Ids that differ in their last five characters: …00001, …00002 … */
export function adId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function makeList(ads: Advertisement[], overrides: Partial<AdListResponse> = {}): AdListResponse {
  return {
    advertisements: ads,
    total: ads.length,
    page: 1,
    pageSize: 10,
    counts: {
      total: ads.length,
      pending: ads.filter((a) => a.status === 'pending').length,
      approved: ads.filter((a) => a.status === 'approved').length,
      rejected: ads.filter((a) => a.status === 'rejected').length,
    },
    facets: { categories: ['Land', 'Vehicles'], districts: ['Colombo', 'Kandy'] },
    // Stand-ins for the server's opaque cursors, naming the row they were made from.
    cursors: { start: ads[0] ? `cursor-${ads[0]._id}` : null, end: ads.at(-1) ? `cursor-${ads.at(-1)!._id}` : null },
    ...overrides,
  };
}
