import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdvertiserMessage } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UserDetailPage } from './user-detail-page';
import { fakeServer, makePublicUser, userId } from './users-test-data';

const advertiser = makePublicUser({ _id: userId(7), name: 'Kasun Fernando' });
const routes = [{ path: '/app/users/:id', Component: UserDetailPage }];

const message = (id: number, overrides: Partial<AdvertiserMessage>): AdvertiserMessage => ({
  id,
  adId: 'a1',
  adHeading: `Ad ${id}`,
  userId: advertiser._id,
  kind: 'approved',
  channel: 'email',
  recipient: 'kasun@example.lk',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-18T06:00:00.000Z',
  updatedAt: '2026-11-18T06:00:00.000Z',
  nextAttemptAt: null,
  sentAt: '2026-11-18T06:00:00.000Z',
  ...overrides,
});

/** Issue 32.8: the user page shows each message to the advertiser, with Retry on a failed one. */
describe('UserDetailPage: messages to the advertiser', () => {
  it('lists channel, state and time, and retries a failed one', async () => {
    let failed = message(3, {
      channel: 'sms',
      status: 'failed',
      lastError: 'Number not reachable',
      updatedAt: '2026-11-18T08:00:00.000Z',
      sentAt: null,
    });
    const { calls } = fakeServer((_call, url) => {
      if (url.pathname === '/api/advertiser-messages/3/retry') {
        failed = { ...failed, status: 'queued', attempts: 0, lastError: null };
        return jsonResponse({ success: true, message: failed });
      }
      if (url.pathname === '/api/advertiser-messages') {
        const messages = [
          failed,
          message(2, { status: 'queued', attempts: 2, sentAt: null, updatedAt: '2026-11-18T07:00:00.000Z' }),
          message(1, {}),
        ];
        return jsonResponse({ messages, total: 3, page: 1, pageSize: 20 });
      }
      if (url.pathname === '/api/activity') return jsonResponse({ success: true, events: [], total: 0 });
      return jsonResponse({ user: advertiser, adStats: { approved: 1, pending: 0, rejected: 0 } });
    });
    renderApp({ path: `/app/users/${advertiser._id}`, user: makeUser(), routes });
    const table = await screen.findByRole('table', { name: 'Messages to the advertiser' });
    await within(table).findByText('Ad 3');
    const query = calls.find((c) => c.path.startsWith('/api/advertiser-messages?'))!;
    expect(Object.fromEntries(new URL(query.path, 'http://x').searchParams)).toEqual({
      userId: advertiser._id,
      pageSize: '20',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '18 Nov 2026, 13:30Ad 3SMSFailedNumber not reachableRetry',
      '18 Nov 2026, 12:30Ad 2EmailRetrying',
      '18 Nov 2026, 11:30Ad 1EmailSent',
    ]);

    await userEvent.setup().click(within(rows[0]!).getByRole('button', { name: 'Retry the SMS about Ad 3' }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Queued'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/advertiser-messages/3/retry']);
    expect(within(table).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });
});
