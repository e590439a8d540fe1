import type { Backtest, ModerationRule, RejectionReasonTemplate, SecondReview } from '@backoffice/contract';
import { jsonResponse, stubFetch } from '../../test/render';

/** A rule as the server sends it; override fields per test. */
export function makeRule(overrides: Partial<ModerationRule> = {}): ModerationRule {
  return {
    _id: '10000000-0000-4000-8000-000000000001',
    name: 'Job fee',
    mode: 'shadow',
    order: 0,
    conditions: [
      { field: 'category', op: 'eq', value: 'Jobs' },
      { field: 'signal', op: 'has', value: 'risky_phrase' },
    ],
    action: { type: 'flag', label: 'Fee asked' },
    version: 3,
    updatedAt: '2026-11-20T08:00:00.000Z',
    updatedBy: 'Ruwan',
    figures: {
      firstFiredAt: '2026-11-01T04:30:00.000Z',
      lastFiredAt: '2026-11-25T04:30:00.000Z',
      fired: 1234,
      overturned: 12,
    },
    latestBacktest: null,
    ...overrides,
  };
}

export function makeBacktest(overrides: Partial<Backtest> = {}): Backtest {
  return {
    _id: '20000000-0000-4000-8000-000000000001',
    ruleId: '10000000-0000-4000-8000-000000000001',
    version: 3,
    limit: 1000,
    state: 'running',
    startedAt: '2026-11-25T10:00:00.000Z',
    finishedAt: null,
    scanned: 0,
    matched: 0,
    decided: 0,
    precision: null,
    recall: null,
    disagreements: [],
    ...overrides,
  };
}

export const sampleReasons: RejectionReasonTemplate[] = [
  { _id: '30000000-0000-4000-8000-000000000001', title: 'Fake item', text: 'Looks fake', status: 'active' },
  { _id: '30000000-0000-4000-8000-000000000002', title: 'Old reason', text: 'Unused', status: 'inactive' },
];

export function makeReview(overrides: Partial<SecondReview> = {}): SecondReview {
  return {
    _id: '40000000-0000-4000-8000-000000000001',
    ad: { _id: '50000000-0000-4000-8000-000000000001', heading: 'Toyota Aqua 2015', status: 'approved' },
    sampledAt: '2026-11-25T06:00:00.000Z',
    decision: null,
    answer: null,
    note: null,
    reviewer: null,
    answeredAt: null,
    settledAt: null,
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: Call) => Response | undefined;

/**
 * A fake server for the rules and second review screens: the rules list answers `rules()`, the
 * rejection reasons `sampleReasons`, and `handle` may answer any call first (return undefined to
 * fall through). Every call is recorded.
 */
export function fakeRulesServer(options: { rules?: () => ModerationRule[]; handle?: Handler } = {}) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call = { method: request.method, path: url.pathname + url.search, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const answer = options.handle?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && url.pathname === '/api/moderation-rules')
      return jsonResponse({ success: true, rules: options.rules?.() ?? [makeRule()] });
    if (call.method === 'GET' && url.pathname === '/api/rejection-reasons')
      return jsonResponse({ success: true, reasons: sampleReasons });
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return { calls, changes: () => calls.filter((c) => c.method !== 'GET') };
}
