import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signalMessages, type BlockedPhone } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../../test/render';
import { AdsDirectoryPage } from '../ads-directory-page';
import { makeList } from '../ads-test-data';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];
const listed: BlockedPhone = {
  phone: '+94711111111',
  addedAt: '2026-11-20T09:30:00.000Z',
  addedBy: { _id: 'u1', name: 'Nimal Perera' },
};

/**
 * A blocklist kept in memory like the server's: a number typed any Sri Lankan way is stored +94…;
 * anything else is refused with a 400 naming the field.
 */
function blocklistServer(initial: BlockedPhone[]) {
  let phones = [...initial];
  const calls: Array<{ method: string; path: string; body?: unknown }> = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const method = request.method;
    if (url.pathname === '/api/advertisements/list') return jsonResponse(makeList([]));
    if (!url.pathname.startsWith('/api/signals/blocked-phones'))
      return jsonResponse({ success: false, message: 'Not found' }, 404);
    const body = method === 'POST' ? ((await request.json()) as { phone: string }) : undefined;
    calls.push(body ? { method, path: url.pathname, body } : { method, path: url.pathname });
    if (method === 'GET') return jsonResponse({ success: true, phones });
    if (method === 'POST') {
      const digits = body!.phone.replace(/\D/g, '');
      const local = digits.startsWith('94') ? digits.slice(2) : digits.replace(/^0/, '');
      if (!/^7\d{8}$/.test(local))
        return jsonResponse(
          { success: false, message: signalMessages.phoneInvalid, errors: { phone: signalMessages.phoneInvalid } },
          400,
        );
      const phone = { phone: `+94${local}`, addedAt: '2026-11-26T08:00:00.000Z', addedBy: { _id: 'me', name: 'Me' } };
      phones = [phone, ...phones];
      return jsonResponse({ success: true, phone });
    }
    const number = decodeURIComponent(url.pathname.split('/').at(-1)!);
    phones = phones.filter((p) => p.phone !== number);
    return jsonResponse({ success: true });
  });
  return { calls, phones: () => phones.map((p) => p.phone) };
}

async function openDialog() {
  renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Blocked numbers' }));
  const dialog = await screen.findByRole('dialog', { name: 'Blocked phone numbers' });
  return { user, dialog };
}

const listedNumbers = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Blocked phone numbers' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.font-mono')?.textContent);

describe('the phone blocklist, from the ads directory', () => {
  it('lists the blocked numbers with who added them, and adds one typed the local way, shown normalised', async () => {
    const server = blocklistServer([listed]);
    const { user, dialog } = await openDialog();
    await waitFor(() => expect(listedNumbers(dialog)).toEqual(['+94711111111']));
    expect(within(dialog).getByText(/by Nimal Perera/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Phone number'), '077-123 4567');
    await user.click(within(dialog).getByRole('button', { name: 'Block number' }));

    await waitFor(() => expect(listedNumbers(dialog)).toEqual(['+94771234567', '+94711111111']));
    expect(server.calls).toContainEqual({
      method: 'POST',
      path: '/api/signals/blocked-phones',
      body: { phone: '077-123 4567' },
    });
    expect(within(dialog).getByText('+94771234567 is blocked.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('');
  });

  it('shows the server’s refusal under the field and keeps the list; an empty field is not sent', async () => {
    const server = blocklistServer([listed]);
    const { user, dialog } = await openDialog();
    const field = within(dialog).getByLabelText('Phone number');

    await user.click(within(dialog).getByRole('button', { name: 'Block number' }));
    expect(await within(dialog).findByText(signalMessages.phoneRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(field, '12345');
    // Editing the field takes its message away.
    expect(within(dialog).queryByText(signalMessages.phoneRequired)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Block number' }));
    expect(await within(dialog).findByText(signalMessages.phoneInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('12345');
    expect(server.phones()).toEqual(['+94711111111']);
    expect(listedNumbers(dialog)).toEqual(['+94711111111']);
  });

  it('removes a number after a confirmation naming it; Cancel keeps it', async () => {
    const server = blocklistServer([listed, { ...listed, phone: '+94772222222', addedBy: null }]);
    const { user, dialog } = await openDialog();
    await waitFor(() => expect(listedNumbers(dialog)).toEqual(['+94711111111', '+94772222222']));

    await user.click(within(dialog).getByRole('button', { name: 'Remove +94772222222' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove blocked number' });
    expect(confirm).toHaveTextContent('Remove +94772222222 from the blocklist?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    const back = await screen.findByRole('dialog', { name: 'Blocked phone numbers' });
    expect(listedNumbers(back)).toEqual(['+94711111111', '+94772222222']);
    expect(server.calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(within(back).getByRole('button', { name: 'Remove +94772222222' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove blocked number' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    const after = await screen.findByRole('dialog', { name: 'Blocked phone numbers' });
    await waitFor(() => expect(listedNumbers(after)).toEqual(['+94711111111']));
    expect(within(after).getByText('+94772222222 is no longer blocked.')).toBeInTheDocument();
    // The + travels encoded in the path.
    expect(server.calls).toContainEqual({ method: 'DELETE', path: '/api/signals/blocked-phones/%2B94772222222' });
    expect(server.phones()).toEqual(['+94711111111']);
  });
});
