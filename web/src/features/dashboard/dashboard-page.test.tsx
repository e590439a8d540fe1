import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChartPeriod } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { DashboardPage } from './dashboard-page';
import { makeDashboard } from './dashboard-test-data';

const routes = [
  { path: '/app/dashboard', Component: DashboardPage },
  { path: '/app/activity', element: <h1>Activity Log</h1> },
];

function dashboardServer(answer = (period: ChartPeriod) => makeDashboard(period)) {
  const periods: string[] = [];
  stubFetch(async (path) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/dashboard') {
      const period = (url.searchParams.get('period') ?? 'week') as ChartPeriod;
      periods.push(period);
      return jsonResponse(answer(period));
    }
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return periods;
}

async function renderDashboard() {
  const view = renderApp({ path: '/app/dashboard', user: makeUser(), routes });
  await screen.findByText('1,234');
  return view;
}

const region = (name: string) => screen.getByRole('region', { name });
const card = (label: string) => within(region('Summary')).getByText(label).closest('section > div')!;

describe('DashboardPage', () => {
  it('shows the four cards with the spec labels and the server figures', async () => {
    dashboardServer();
    await renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const texts = ['Pending Ads', 'Approved Ads', 'Rejected Ads', 'Verify Advertiser'].map(
      (label) => card(label).textContent,
    );
    expect(texts).toEqual([
      'Pending Ads1,234(5 High Priority)',
      'Approved Ads50(7 Added Today)',
      'Rejected Ads17(11 last 30 days)',
      'Verify Advertiser15(10 New Today)',
    ]);
  });

  it('makes each card a link to its filtered view, and each sub-line one to the ads it counts (issue 32.5, 32.6)', async () => {
    dashboardServer();
    await renderDashboard();
    const summary = region('Summary');
    const hrefs = [
      'Pending Ads',
      '(5 High Priority)',
      'Approved Ads',
      '(7 Added Today)',
      'Rejected Ads',
      '(11 last 30 days)',
      'Verify Advertiser',
    ].map((name) => within(summary).getByRole('link', { name }).getAttribute('href'));
    expect(hrefs).toEqual([
      '/app/ads-directory?status=pending',
      '/app/ads-directory?view=overdue',
      '/app/ads-directory?status=approved',
      '/app/ads-directory?status=approved&decided=today',
      '/app/ads-directory?status=rejected',
      '/app/ads-directory?status=rejected&decided=last30Days',
      '/app/users?status=inactive',
    ]);
  });

  it('lists the recent activities (who, what, which ad, when) with View All opening the activity log', async () => {
    dashboardServer();
    const { router } = await renderDashboard();
    const panel = region('Recent Activities');
    const items = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Ruwan Jayasinghe approved Toyota Aqua 2015 for Sale18 Nov 2026, 11:30',
      'Ruwan Jayasinghe rejected 10 Perches Land in Kandy17 Nov 2026, 23:59',
      'A former administrator deleted Cashier Wanted - Galle16 Nov 2026, 06:30',
    ]);
    await userEvent.setup().click(within(panel).getByRole('link', { name: 'View All' }));
    expect(router.state.location.pathname).toBe('/app/activity');
  });

  it('says so when there is no moderation activity yet', async () => {
    dashboardServer(() => makeDashboard('week', { recentActivities: [] }));
    await renderDashboard();
    expect(within(region('Recent Activities')).getByText('No moderation activity yet.')).toBeInTheDocument();
  });

  it('draws the Ads Submitted donut with its legend and switches period through the selector', async () => {
    const periods = dashboardServer();
    await renderDashboard();
    const panel = region('Ads Submitted');
    const select = within(panel).getByRole('combobox', { name: 'Period' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'This Week',
      'This Month',
      'This Year',
    ]);
    expect(select).toHaveValue('week');
    const legend = () =>
      within(within(panel).getByRole('list', { name: 'Ads Submitted legend' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(legend()).toEqual(['Land sale4040%', 'House sale3030%', 'Vacancies2020%', 'Others1010%']);
    // The donut itself (recharts, loaded lazily) draws one sector per slice.
    await waitFor(() => expect(panel.querySelectorAll('.recharts-pie-sector')).toHaveLength(4));

    await userEvent.setup().selectOptions(select, 'month');
    await waitFor(() => expect(legend()).toEqual(['Vehicles12060%', 'Land sale8040%']));
    expect(periods).toEqual(['week', 'month']);
    expect(within(panel).getByText('200')).toBeInTheDocument();

    await userEvent.setup().selectOptions(select, 'year');
    await waitFor(() => expect(within(panel).getByText('No ads')).toBeInTheDocument());
    expect(within(panel).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the revenue per month of the year with its range label and the Sales legend', async () => {
    dashboardServer();
    await renderDashboard();
    const panel = region('Revenue');
    expect(within(panel).getByText('Jan 2026 - Dec 2026')).toBeInTheDocument();
    expect(within(panel).getByText('Sales', { selector: 'p' })).toBeInTheDocument();
    const table = within(panel).getByRole('table', { name: 'Revenue Jan 2026 - Dec 2026' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toBe('JANLKR 0');
    expect(rows[10]).toBe('NOVLKR 4,500');
    expect(rows[11]).toBe('DECLKR 11,000');
  });

  it("shows this month's progress: gauge share, centre count, Regular Ads and Digital Ads", async () => {
    dashboardServer();
    await renderDashboard();
    const panel = region('This month Progress');
    const gauge = within(panel).getByRole('meter');
    expect(gauge).toHaveAttribute('aria-valuenow', '75');
    expect(gauge).toHaveAccessibleName('75% of 569 ads submitted this month are moderated');
    expect(gauge).toHaveTextContent('569');
    expect(within(panel).getByText('Regular Ads').parentElement).toHaveTextContent('Regular Ads30%');
    expect(within(panel).getByText('Digital Ads').parentElement).toHaveTextContent('Digital Ads70%');
  });

  it('shows an error when the figures cannot be loaded', async () => {
    stubFetch(async () => jsonResponse({ success: false, message: 'Something went wrong' }, 500));
    renderApp({ path: '/app/dashboard', user: makeUser(), routes });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch dashboard figures');
    expect(within(region('Summary')).getAllByText('…')).toHaveLength(4);
  });
});
