import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserStrikes } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UserStrikes as UserStrikesPanel } from './user-strikes';
import { fakeServer, userId } from './users-test-data';

const id = userId(7);
const strike = (n: number, expiresAt: string) => ({
  _id: String(n),
  adId: `00000000-0000-4000-8000-00000000000${n}`,
  heading: `Ad ${n}`,
  reason: `Reason ${n}`,
  at: '2026-09-01T10:00:00.000Z',
  expiresAt,
});
const future = '2099-01-01T00:00:00.000Z';

function Page() {
  return <UserStrikesPanel userId={id} />;
}

describe('UserStrikes', () => {
  it('shows the strikes with the repeat offender badge, and removes one with a note', async () => {
    let strikes: UserStrikes = {
      active: 3,
      repeatOffender: true,
      expiryDays: 90,
      list: [strike(1, future), strike(2, future), strike(3, future), strike(4, '2020-01-01T00:00:00.000Z')],
    };
    const { calls } = fakeServer((call) => {
      if (call.method === 'DELETE') {
        strikes = { ...strikes, active: 2, repeatOffender: false, list: strikes.list.slice(1) };
        return jsonResponse({ success: true, strikes });
      }
      return jsonResponse({ success: true, strikes });
    });
    renderApp({ path: '/', user: makeUser(), routes: [{ path: '/', Component: Page }] });
    const list = await screen.findByRole('list', { name: 'Strikes list' });
    expect(screen.getByText('Repeat offender')).toBeInTheDocument();
    expect(screen.getByText('3 active · each expires after 90 days')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByText('Reason 4').parentElement).toHaveTextContent('Expired');

    const user = userEvent.setup();
    await user.click(within(list).getAllByRole('button', { name: 'Remove' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove strike' }));
    expect(within(dialog).getByText('Please enter a note')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Note'), 'Photos were his own');
    await user.click(within(dialog).getByRole('button', { name: 'Remove strike' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: `/api/users/${id}/strikes/${strike(1, future).adId}`,
      body: { note: 'Photos were his own' },
    });
    await waitFor(() => expect(screen.queryByText('Repeat offender')).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Strikes list' })).getAllByRole('listitem')).toHaveLength(3);
  });
});
