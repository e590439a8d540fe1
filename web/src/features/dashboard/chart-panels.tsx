import { lazy, Suspense } from 'react';
import {
  CHART_PERIODS,
  OTHERS_CATEGORY,
  dashboardText as text,
  percentOf,
  type ChartPeriod,
  type DashboardResponse,
} from '@backoffice/contract';
import { Panel, SelectField, cx } from '../../components/ui';
import { OTHERS_COLOUR, SLICE_COLOURS, formatCount, formatLkr } from './dashboard-format';

const DonutChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.DonutChart })));
const RevenueBars = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.RevenueBars })));

const periodOptions = CHART_PERIODS.map((p) => ({ value: p, label: text.periods[p] }));

function ChartSkeleton({ className }: { className: string }) {
  return <div className={cx('animate-pulse bg-slate-800/60', className)} aria-hidden="true" />;
}

/** Ads Submitted: donut of the chosen period's ads by category (three largest plus Others) and its legend. */
export function AdsSubmittedPanel({
  data,
  period,
  onPeriodChange,
  busy,
}: {
  data: DashboardResponse['adsSubmitted'] | undefined;
  period: ChartPeriod;
  onPeriodChange: (p: ChartPeriod) => void;
  busy: boolean;
}) {
  const slices = (data?.slices ?? []).map((s, i) => ({
    ...s,
    colour: s.name === OTHERS_CATEGORY ? OTHERS_COLOUR : (SLICE_COLOURS[i] ?? OTHERS_COLOUR),
  }));
  return (
    <Panel role="region" aria-labelledby="ads-submitted-title" aria-busy={busy} className="flex flex-col">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="ads-submitted-title" className="text-base font-semibold text-slate-100">
          {text.adsSubmitted}
        </h2>
        <SelectField
          label="Period"
          hideLabel
          value={period}
          options={periodOptions}
          onChange={(v) => onPeriodChange(v as ChartPeriod)}
          className="w-36"
        />
      </div>
      <div className={cx('flex flex-1 flex-col items-center gap-5 transition-opacity', busy && 'opacity-60')}>
        {!data ? (
          <ChartSkeleton className="size-[200px] rounded-full" />
        ) : data.total === 0 ? (
          <div className="flex size-[200px] items-center justify-center rounded-full border-[16px] border-slate-800">
            <span className="text-sm text-slate-400">No ads</span>
          </div>
        ) : (
          <div className="relative">
            <Suspense fallback={<ChartSkeleton className="size-[200px] rounded-full" />}>
              <DonutChart slices={slices} />
            </Suspense>
            <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
              <span className="text-2xl font-semibold text-slate-100 tabular-nums">{formatCount(data.total)}</span>
              <span className="text-xs text-slate-400">ads</span>
            </div>
          </div>
        )}
        <ul aria-label="Ads Submitted legend" className="w-full space-y-2">
          {slices.map((s) => (
            <li key={s.name} className="flex items-center gap-2 text-sm">
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: s.colour }}
                aria-hidden="true"
              />
              <span className="truncate text-slate-300">{s.name}</span>
              <span className="ml-auto font-medium text-slate-100 tabular-nums">{formatCount(s.value)}</span>
              <span className="w-10 text-right text-slate-400 tabular-nums">{percentOf(s.value, data!.total)}%</span>
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  );
}

/** Revenue: package subscription sales (LKR) per month of the current year, legend Sales. */
export function RevenuePanel({ data }: { data: DashboardResponse['revenue'] | undefined }) {
  return (
    <Panel role="region" aria-labelledby="revenue-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="revenue-title" className="text-base font-semibold text-slate-100">
            {text.revenue}
          </h2>
          {data && <p className="text-sm text-slate-400">{text.revenueRange(data.year)}</p>}
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-300">
          <span className="size-2.5 rounded-sm bg-indigo-500" aria-hidden="true" />
          {text.sales}
        </p>
      </div>
      {data ? (
        <>
          <div aria-hidden="true" className="h-[260px]">
            <Suspense fallback={<ChartSkeleton className="h-[260px] rounded-lg" />}>
              <RevenueBars months={data.months} />
            </Suspense>
          </div>
          <table className="sr-only">
            <caption>
              {text.revenue} {text.revenueRange(data.year)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">{text.sales}</th>
              </tr>
            </thead>
            <tbody>
              {data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.month}</th>
                  <td>{formatLkr(m.sales)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <ChartSkeleton className="h-[260px] rounded-lg" />
      )}
    </Panel>
  );
}
