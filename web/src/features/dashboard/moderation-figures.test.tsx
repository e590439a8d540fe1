import { screen, within } from '@testing-library/react';
import type { ModerationFigures } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { DashboardPage } from './dashboard-page';
import { makeDashboard } from './dashboard-test-data';
import { formatDuration } from './moderation-figures';

const routes = [{ path: '/app/dashboard', Component: DashboardPage }];
const HOUR = 3600;

function server(figures: ModerationFigures | null) {
  stubFetch(async (path) => {
    if (path.startsWith('/api/dashboard/moderation'))
      return figures ? jsonResponse(figures) : jsonResponse({ success: false, message: 'Boom' }, 500);
    if (path.startsWith('/api/dashboard')) return jsonResponse(makeDashboard('week'));
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
}

const card = (label: string) =>
  within(screen.getByRole('region', { name: 'Moderation' })).getByText(label).parentElement!;

describe('Dashboard moderation figures', () => {
  it('shows the oldest pending ad’s age, the ads waiting over a day, the median decision time and decisions per admin', async () => {
    // The age is counted from when the figures arrive, so an ad submitted 26 h 5 min before now reads "1 day 2 h".
    const oldest = new Date(Date.now() - (26 * HOUR + 5 * 60) * 1000).toISOString();
    server({
      success: true,
      oldestPendingAt: oldest,
      pendingOlderThan24h: 1234,
      medianDecisionSeconds7d: 3 * HOUR + 20 * 60,
      decisionsByAdmin: [
        { actor: { _id: 'a1', name: 'Ruwan Jayasinghe' }, today: 4, last7Days: 1520 },
        { actor: { _id: 'a2', name: 'Dilani' }, today: 0, last7Days: 3 },
      ],
    });
    renderApp({ path: '/app/dashboard', user: makeUser(), routes });
    const table = await screen.findByRole('table', { name: 'Decisions per admin' });
    expect(card('Oldest pending ad')).toHaveTextContent(/^Oldest pending ad1 day 2 hSince \d+ \w+ \d{4}, \d\d:\d\d$/);
    expect(card('Pending over 24 hours').textContent).toBe('Pending over 24 hours1,234Waiting more than a day');
    expect(card('Median time to decision (7 days)').textContent).toBe(
      'Median time to decision (7 days)3 h 20 minFrom submission to decision',
    );
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['AdminTodayLast 7 days', 'Ruwan Jayasinghe41,520', 'Dilani03']);
    // Nothing the spec shows is gone.
    expect(screen.getByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent Activities' })).toBeInTheDocument();
  });

  it('shows dashes and plain words when nothing is pending or decided', async () => {
    server({
      success: true,
      oldestPendingAt: null,
      pendingOlderThan24h: 0,
      medianDecisionSeconds7d: null,
      decisionsByAdmin: [],
    });
    renderApp({ path: '/app/dashboard', user: makeUser(), routes });
    expect(await screen.findByText('No decisions in the last 7 days.')).toBeInTheDocument();
    expect(card('Oldest pending ad').textContent).toBe('Oldest pending ad-No pending ads');
    expect(card('Median time to decision (7 days)').textContent).toBe(
      'Median time to decision (7 days)-No decisions in 7 days',
    );
  });

  it('says so when the figures cannot be loaded, and keeps the rest of the dashboard', async () => {
    server(null);
    renderApp({ path: '/app/dashboard', user: makeUser(), routes });
    expect(await screen.findByText('Failed to fetch moderation figures')).toBeInTheDocument();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('formats durations in their two largest units', () => {
    expect([30, 45 * 60, 3 * HOUR, 3 * HOUR + 20 * 60, 24 * HOUR, 50 * HOUR].map(formatDuration)).toEqual([
      'Under 1 min',
      '45 min',
      '3 h',
      '3 h 20 min',
      '1 day',
      '2 days 2 h',
    ]);
  });
});
