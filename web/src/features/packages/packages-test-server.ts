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
  /** A GET's query string. */
  query?: string;
  body: unknown;
}

/**
 * The list as GET /api/packages answers it (server/src/modules/packages/packages-repository.ts):
 * a case-insensitive search over pid, name, type, duration and description, a status, a sort by
 * one column in lower case (ties by pid), and the catalogue's total.
 */
export function packagesAnswer(url: URL, all: readonly Package[] = samplePackages): Response {
  const search = (url.searchParams.get('search') ?? '').trim().toLowerCase();
  const status = url.searchParams.get('status');
  const field = (url.searchParams.get('sort') ?? 'pid') as 'pid' | 'name' | 'type' | 'status';
  const sign = url.searchParams.get('order') === 'desc' ? -1 : 1;
  const lower = (p: Package) => p[field].toLowerCase();
  const packages = all
    .filter((p) => !status || status === 'all' || p.status === status)
    .filter((p) => [p.pid, p.name, p.type, p.duration, p.description].some((v) => v.toLowerCase().includes(search)))
    .sort((a, b) => sign * (lower(a) < lower(b) ? -1 : lower(a) > lower(b) ? 1 : 0) || (a.pid < b.pid ? -1 : 1));
  return jsonResponse({ success: true, packages, total: all.length });
}

/** A fake server for the screen: GET answers `list(url)` (packagesAnswer), changes answer `mutate(call)`. */
export function fakePackagesServer(
  list: (url: URL) => Response = (url) => packagesAnswer(url),
  mutate: (call: Call) => Response = (call) =>
    jsonResponse({ success: true, package: { ...samplePackages[0], ...(call.body as object) } }, 201),
) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    const call: Call = { method: request.method, path: url.pathname, body };
    if (request.method === 'GET') call.query = url.search;
    calls.push(call);
    return request.method === 'GET' ? list(url) : mutate(call);
  });
  return { calls, changes: () => calls.filter((c) => c.method !== 'GET') };
}
