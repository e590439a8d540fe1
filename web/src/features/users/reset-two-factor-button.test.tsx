import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { twoFactorMessages } from '@backoffice/contract';
import { jsonResponse, renderApp } from '../../test/render';
import { ResetTwoFactorButton } from './reset-two-factor-button';

/** An administrator resetting another admin's two-factor sign-in (issue 36.4). */
describe('ResetTwoFactorButton', () => {
  function setup(status: number, body: object) {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const request = input instanceof Request ? input : new Request(String(input));
        urls.push(`${request.method} ${new URL(request.url).pathname}`);
        return jsonResponse(body, status);
      }),
    );
    vi.stubGlobal('confirm', () => true);
    const onDone = vi.fn();
    renderApp({ path: '/', routes: [{ path: '/', element: <ResetTwoFactorButton userId="u-1" onDone={onDone} /> }] });
    return { urls, onDone };
  }

  it('asks the server to reset it and says so', async () => {
    const { urls, onDone } = setup(200, { success: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset two-factor sign-in' }));
    await vi.waitFor(() =>
      expect(onDone).toHaveBeenCalledWith('success', 'Two-factor sign-in reset. Their sessions were ended.'),
    );
    expect(urls).toEqual(['POST /api/users/u-1/reset-2fa']);
  });

  it("shows the server's refusal", async () => {
    const { onDone } = setup(409, { success: false, message: twoFactorMessages.notEnrolled });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset two-factor sign-in' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('error', twoFactorMessages.notEnrolled));
  });
});
