import type { Duty } from '@backoffice/contract';
import { jsonResponse, stubFetch } from '../../test/render';
import { filterDuties, type DutyStatusFilter } from './duty-list';

export function makeDuty(overrides: Partial<Duty> = {}): Duty {
  return {
    _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    id: '#D1024',
    title: 'Review submitted advertisements',
    description: 'Check every new ad against the posting rules.',
    conditions: ['Review within <b>24 hours</b>.', 'Quote the rule when rejecting.'],
    status: 'Active',
    ...overrides,
  };
}

export const sampleList: Duty[] = [
  makeDuty(),
  makeDuty({
    _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    id: '#D2048',
    title: 'Handle scam reports',
    description: 'Act on reports of advance-payment scams.',
    conditions: ['Report phishing to <a href="https://www.cert.gov.lk" rel="noopener noreferrer">Sri Lanka CERT</a>.'],
    status: 'Inactive',
  }),
];

export interface Call {
  method: string;
  path: string;
  /** A GET's query string (`?search=…`), '' when none. */
  query?: string;
  body: unknown;
}

/**
 * A fake server: GET answers `list(url)`, by default the sample list filtered by `search` and
 * `status` as the server filters them; changes answer `mutate(call, n)` (n counts changes from 0).
 */
export function fakeDutiesServer(
  list: (url: URL) => Response = (url) =>
    jsonResponse({
      success: true,
      duties: filterDuties(
        sampleList,
        url.searchParams.get('search') ?? '',
        (url.searchParams.get('status') ?? 'all') as DutyStatusFilter,
      ),
    }),
  mutate: (call: Call, n: number) => Response = (call) =>
    jsonResponse({ success: true, duty: { ...sampleList[0], ...(call.body as object) } }, 201),
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
    if (request.method === 'GET') return list(url);
    return mutate(call, calls.filter((c) => c.method !== 'GET').length - 1);
  });
  return { calls, changes: () => calls.filter((c) => c.method !== 'GET') };
}
