import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { twoFactorMessages } from '@backoffice/contract';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { AccountPage } from './account-page';

const routes = [{ path: '/app/account', Component: AccountPage }];

const sessions = [
  {
    _id: '0123456789abcdef',
    current: true,
    ip: '10.0.0.1',
    userAgent: 'Firefox on Linux',
    factor: 'totp',
    createdAt: '2026-11-22T08:00:00.000Z',
    lastSeenAt: '2026-11-22T09:00:00.000Z',
  },
  {
    _id: 'fedcba9876543210',
    current: false,
    ip: '10.0.0.2',
    userAgent: 'Safari on iPhone',
    factor: 'recovery-code',
    createdAt: '2026-11-21T08:00:00.000Z',
    lastSeenAt: '2026-11-21T09:00:00.000Z',
  },
];

type Call = { method: string; path: string; body: unknown };

/** Stubs fetch (plain calls and RTK Query's Requests alike); every call is recorded. */
function stubServer(answer: (call: Call) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
      const text = await request.text();
      const call = {
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** The account page (issue 36.4): two-factor sign-in, the password and the sessions. */
describe('AccountPage', () => {
  it('lists the sessions and ends one', async () => {
    const calls = stubServer(({ path }) => {
      if (path === '/api/auth/account')
        return jsonResponse({ success: true, totpEnabled: true, recoveryCodesLeft: 7, twoFactorRequired: true });
      if (path === '/api/auth/sessions') return jsonResponse({ success: true, sessions });
      if (path === '/api/auth/passkeys') return jsonResponse({ success: true, passkeys: [] });
      return jsonResponse({ success: true });
    });
    renderApp({ path: '/app/account', routes, user: makeUser() });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Safari on iPhone');
    expect(list).toHaveTextContent('10.0.0.2 · Recovery code');
    expect(screen.getByText(/Recovery codes left/)).toHaveTextContent('Recovery codes left: 7');
    await userEvent.setup().click(screen.getByRole('button', { name: 'End session Safari on iPhone' }));
    await expect
      .poll(() => calls.map((c) => `${c.method} ${c.path}`))
      .toContain('DELETE /api/auth/sessions/fedcba9876543210');
  });

  it('changes the password with a code when two-factor is on, and shows a refusal', async () => {
    const calls = stubServer(({ path }) => {
      if (path === '/api/auth/account')
        return jsonResponse({ success: true, totpEnabled: true, recoveryCodesLeft: 10, twoFactorRequired: false });
      if (path === '/api/auth/sessions') return jsonResponse({ success: true, sessions });
      if (path === '/api/auth/passkeys') return jsonResponse({ success: true, passkeys: [] });
      return jsonResponse({ success: false, message: twoFactorMessages.wrongPassword }, 400);
    });
    renderApp({ path: '/app/account', routes, user: makeUser() });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-password');
    await user.type(within(form).getByLabelText('New password'), 'new-password-1');
    await user.type(within(form).getByLabelText('Authentication code or recovery code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(twoFactorMessages.wrongPassword);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { currentPassword: 'old-password', newPassword: 'new-password-1', code: '123456' },
    ]);
  });

  it('offers to set up two-factor sign-in when it is off', async () => {
    stubServer(({ path }) => {
      if (path === '/api/auth/account')
        return jsonResponse({ success: true, totpEnabled: false, recoveryCodesLeft: 0, twoFactorRequired: false });
      if (path === '/api/auth/sessions') return jsonResponse({ success: true, sessions });
      if (path === '/api/auth/passkeys') return jsonResponse({ success: true, passkeys: [] });
      return jsonResponse({
        success: true,
        secret: 'ABC',
        otpauthUrl: 'otpauth://totp/x',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      });
    });
    renderApp({ path: '/app/account', routes, user: makeUser() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('ABC');
  });

  it('lists the passkeys with added and last used, and removes one after a confirmation', async () => {
    const passkeys = [
      { _id: 'cred-one', name: 'Work laptop', createdAt: '2026-11-20T08:00:00.000Z', lastUsedAt: null },
      { _id: 'cred-two', name: 'Phone', createdAt: '2026-11-21T08:00:00.000Z', lastUsedAt: '2026-11-22T08:00:00.000Z' },
    ];
    const calls = stubServer(({ path }) => {
      if (path === '/api/auth/account')
        return jsonResponse({ success: true, totpEnabled: false, recoveryCodesLeft: 0, twoFactorRequired: false });
      if (path === '/api/auth/sessions') return jsonResponse({ success: true, sessions });
      if (path === '/api/auth/passkeys') return jsonResponse({ success: true, passkeys });
      return jsonResponse({ success: true });
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp({ path: '/app/account', routes, user: makeUser() });
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Work laptop');
    expect(list).toHaveTextContent('Last used never');
    expect(screen.getByText(/your passkeys are asked for after your password/)).toBeInTheDocument();
    const user = userEvent.setup();
    const remove = within(list).getByRole('button', { name: 'Remove passkey Phone' });
    await user.click(remove);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(remove);
    await expect.poll(() => calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /api/auth/passkeys/cred-two');
    expect(confirm).toHaveBeenCalledTimes(2);
    // A name is needed before the browser is asked.
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(twoFactorMessages.passkeyName)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/passkeys/options')).toBe(false);
    confirm.mockRestore();
  });
});
