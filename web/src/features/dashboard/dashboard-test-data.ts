import { MONTH_LABELS, type ChartPeriod, type DashboardResponse } from '@backoffice/contract';

/** A dashboard answer with distinct numbers everywhere; override parts per test. */
export function makeDashboard(
  period: ChartPeriod = 'week',
  overrides: Partial<DashboardResponse> = {},
): DashboardResponse {
  const slices = {
    week: [
      { name: 'Land sale', value: 40 },
      { name: 'House sale', value: 30 },
      { name: 'Vacancies', value: 20 },
      { name: 'Others', value: 10 },
    ],
    month: [
      { name: 'Vehicles', value: 120 },
      { name: 'Land sale', value: 80 },
    ],
    year: [],
  }[period];
  return {
    generatedAt: '2026-11-18T06:30:00.000Z',
    timeZone: 'Asia/Colombo',
    cards: {
      pending: 1234,
      pendingHighPriority: 5,
      approved: 50,
      approvedToday: 7,
      rejected: 17,
      rejectedLast30Days: 11,
      unverifiedAdvertisers: 15,
      advertisersNewToday: 10,
    },
    recentActivities: [
      {
        id: '3',
        action: 'approve',
        adId: 'a3',
        adHeading: 'Toyota Aqua 2015 for Sale',
        adminId: 'x',
        adminName: 'Ruwan Jayasinghe',
        reason: null,
        at: '2026-11-18T06:00:00.000Z',
      },
      {
        id: '2',
        action: 'reject',
        adId: 'a2',
        adHeading: '10 Perches Land in Kandy',
        adminId: 'x',
        adminName: 'Ruwan Jayasinghe',
        reason: 'Duplicate advertisement',
        at: '2026-11-17T18:29:00.000Z',
      },
      {
        id: '1',
        action: 'delete',
        adId: 'a1',
        adHeading: 'Cashier Wanted - Galle',
        adminId: null,
        adminName: null,
        reason: null,
        at: '2026-11-16T01:00:00.000Z',
      },
    ],
    adsSubmitted: {
      period,
      from: '2026-11-15T18:30:00.000Z',
      to: '2026-11-22T18:30:00.000Z',
      total: slices.reduce((s, x) => s + x.value, 0),
      slices,
    },
    revenue: {
      year: 2026,
      currency: 'LKR',
      months: MONTH_LABELS.map((month, i) => ({ month, sales: i === 10 ? 4500 : i * 1000 })),
    },
    monthProgress: {
      submitted: 569,
      moderated: 427,
      regular: 171,
      digital: 398,
      moderatedPercent: 75,
      regularPercent: 30,
      digitalPercent: 70,
    },
    ...overrides,
  };
}
