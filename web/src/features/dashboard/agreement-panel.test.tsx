import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { DashboardPage } from './dashboard-page';
import { makeDashboard } from './dashboard-test-data';

const routes = [{ path: '/app/dashboard', Component: DashboardPage }];

function server(rows: unknown[]) {
  stubFetch(async (path) => {
    if (path === '/api/second-reviews/agreement') return jsonResponse({ success: true, rows });
    if (path.startsWith('/api/dashboard/moderation')) return jsonResponse({ success: false, message: 'Boom' }, 500);
    if (path.startsWith('/api/dashboard')) return jsonResponse(makeDashboard('week'));
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
}

describe('Dashboard second review agreement', () => {
  it('shows agreement per moderator and per rule over 30 days beside the moderation figures', async () => {
    server([
      { kind: 'moderator', _id: 'u1', name: 'Dilani', reviewed: 40, agreed: 38 },
      { kind: 'rule', _id: 'r1', name: 'Rule: Job fee', reviewed: 1200, agreed: 1188 },
    ]);
    renderApp({ path: '/app/dashboard', user: makeUser(), routes });
    const table = await screen.findByRole('table', { name: 'Second review agreement (30 days)' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Decided byReviewedAgreedAgreement', 'DilaniModerator403895 %', 'Rule: Job feeRule1,2001,18899 %']);
  });

  it('says so when nothing was reviewed', async () => {
    server([]);
    renderApp({ path: '/app/dashboard', user: makeUser(), routes });
    expect(await screen.findByText('No second reviews in the last 30 days.')).toBeInTheDocument();
  });
});
