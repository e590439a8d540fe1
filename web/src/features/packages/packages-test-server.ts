import { PACKAGE_ICONS, type Package } from '@backoffice/contract';
import { jsonResponse, stubFetch } from '../../test/render';

/** A package as the server sends it; override fields per test. */
export function makePackage(overrides: Partial<Package> = {}): Package {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    pid: 'PKG-0001',
    name: 'Basic Seller',
    type: 'Regular',
    description: 'For individuals selling a few items a month.',
    price: 1500,
    duration: '30 days',
    maxAds: 5,
    features: ['Up to 5 ads', '5 photos per ad'],
    status: 'Active',
    popularity: 'None',
    icon: PACKAGE_ICONS.Regular,
    createdAt: '2025-07-15T10:00:00.000Z',
    subscriberCount: 42,
    ...overrides,
  };
}

export const samplePackages: Package[] = [
  makePackage(),
  makePackage({
    _id: '22222222-2222-4222-8222-222222222222',
    pid: 'PKG-0002',
    name: 'Property Plus',
    price: 4500,
    duration: '60 days',
    maxAds: 15,
    popularity: 'Popular',
    description: 'For land and house sellers.',
    subscriberCount: 17,
  }),
  makePackage({
    _id: '33333333-3333-4333-8333-333333333333',
    pid: 'PKG-0003',
    name: 'Avurudu Festive Boost',
    type: 'Digital',
    icon: PACKAGE_ICONS.Digital,
    price: 3500,
    duration: '14 days',
    maxAds: 8,
    status: 'Inactive',
    popularity: 'Recommended',
    description: 'Seasonal offer for the New Year sales.',
    subscriberCount: 0,
  }),
];

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake server for the screen: GET answers `list()`, changes answer `mutate(call)`. */
export function fakePackagesServer(
  list: () => Response = () => jsonResponse({ success: true, packages: samplePackages }),
  mutate: (call: Call) => Response = (call) =>
    jsonResponse({ success: true, package: { ...samplePackages[0], ...(call.body as object) } }, 201),
) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    const call = { method: request.method, path: url.pathname, body };
    calls.push(call);
    return request.method === 'GET' ? list() : mutate(call);
  });
  return { calls, changes: () => calls.filter((c) => c.method !== 'GET') };
}
