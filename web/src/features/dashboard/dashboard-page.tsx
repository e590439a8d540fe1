import { useState } from 'react';
import type { ChartPeriod } from '@backoffice/contract';
import { Banner, PageHeader } from '../../components/ui';
import { AgreementPanel } from './agreement-panel';
import { AdsSubmittedPanel, RevenuePanel } from './chart-panels';
import { useGetDashboardQuery, useGetModerationFiguresQuery } from './dashboard-api';
import { ModerationFiguresPanel } from './moderation-figures';
import { ProgressPanel } from './progress-panel';
import { RecentActivities } from './recent-activities';
import { SummaryCards } from './summary-cards';

/**
 * Dashboard (docs/product.md#dashboard) with real figures (docs/decisions/0007-dashboard.md): the same cards, panels and charts, fed by
 * GET /api/dashboard. The period only changes the Ads Submitted donut; the other figures keep
 * showing while it loads.
 */
export function DashboardPage() {
  const [period, setPeriod] = useState<ChartPeriod>('week');
  const query = useGetDashboardQuery(period, { refetchOnMountOrArgChange: true });
  const data = query.data;
  const moderation = useGetModerationFiguresQuery(undefined, { refetchOnMountOrArgChange: true });
  // Only an answer that says success carries the figures (a server without them answers otherwise).
  const figures = moderation.data?.success ? moderation.data : undefined;

  return (
    <>
      <PageHeader title="Dashboard" />
      {query.isError && !data && <Banner message={{ tone: 'error', text: 'Failed to fetch dashboard figures' }} />}
      <div className="space-y-6">
        <SummaryCards figures={data?.cards} />
        <ModerationFiguresPanel
          figures={figures}
          failed={moderation.isError && !moderation.isFetching}
          asOf={moderation.fulfilledTimeStamp}
        />
        <AgreementPanel />
        <div className="grid gap-6 lg:grid-cols-2 xl:grid-cols-3">
          <RecentActivities activities={data?.recentActivities} />
          <AdsSubmittedPanel
            data={data?.adsSubmitted}
            period={period}
            onPeriodChange={setPeriod}
            busy={query.isFetching && query.currentData === undefined}
          />
          <ProgressPanel progress={data?.monthProgress} />
        </div>
        <RevenuePanel data={data?.revenue} />
      </div>
    </>
  );
}
