import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { ReportsPage } from './reports-page';

const routes = [{ path: '/app/bugs', Component: ReportsPage }];

type Call = { method: string; path: string; body: unknown };

/** A fake server: an empty inbox; the settings as `settings`, a PUT answered with `put`. */
function server(put: (body: unknown) => Response = (body) => jsonResponse({ success: true, settings: body })) {
  const calls: Call[] = [];
  const mock = stubFetch(async () => jsonResponse({}));
  mock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    calls.push({ method: request.method, path: url.pathname, body });
    if (url.pathname === '/api/reports/settings') {
      if (request.method === 'PUT') return put(body);
      return jsonResponse({ success: true, settings: { reportedThreshold: 3, strikeExpiryDays: 90 } });
    }
    return jsonResponse({ success: true, reports: [], total: 0 });
  });
  return { calls, puts: () => calls.filter((c) => c.method === 'PUT') };
}

describe('Bug Reports settings', () => {
  it('lets an administrator change the Reported threshold and the strike expiry', async () => {
    const { puts } = server();
    renderApp({ path: '/app/bugs', user: makeUser({ role: 'administrator' }), routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report settings' });
    const threshold = within(dialog).getByLabelText('Open reports for the Reported view');
    const expiry = within(dialog).getByLabelText('Days a strike stays active');
    await waitFor(() => expect(threshold).toHaveValue('3'));
    expect(expiry).toHaveValue('90');

    // A bad value is caught before any call, with the field's message.
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a whole number from 1 to 1,000')).toBeInTheDocument();
    expect(puts()).toEqual([]);

    await userEvent.clear(threshold);
    await userEvent.type(threshold, '5');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved');
    expect(screen.queryByRole('dialog', { name: 'Report settings' })).not.toBeInTheDocument();
    expect(puts().map((c) => c.body)).toEqual([{ reportedThreshold: 5, strikeExpiryDays: 30 }]);
  });

  it("shows the server's field message when it refuses a value", async () => {
    server(() =>
      jsonResponse(
        {
          success: false,
          message: 'Enter a whole number of days from 1 to 3,650',
          errors: { strikeExpiryDays: 'Enter a whole number of days from 1 to 3,650' },
        },
        400,
      ),
    );
    renderApp({ path: '/app/bugs', user: makeUser({ role: 'administrator' }), routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report settings' });
    await waitFor(() => expect(within(dialog).getByLabelText('Days a strike stays active')).toHaveValue('90'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Enter a whole number of days from 1 to 3,650')).not.toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Report settings' })).toBeInTheDocument();
  });

  it('offers no Settings to a moderator', async () => {
    server();
    renderApp({ path: '/app/bugs', user: makeUser({ role: 'moderator' }), routes });
    await screen.findByText('No reports yet');
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
  });
});
