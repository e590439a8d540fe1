import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages, twoFactorMessages } from '@backoffice/contract';
import { jsonResponse, renderApp, stubFetch } from '../../test/render';
import { SignInPage } from './sign-in-page';

const routes = [
  { path: '/', Component: SignInPage },
  { path: '/app/dashboard', element: <h1>Dashboard stand-in</h1> },
];

const challenge = (methods: string[]) => ({
  success: true,
  twoFactorRequired: true,
  methods,
  enrolmentRequired: false,
});
const options = { success: true, options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] } };

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'admin@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

/**
 * The passkey's buttons on the sign-in screens (docs/decisions/0032-two-factor.md, Passkeys). The
 * browser's ceremony itself is e2e/passkeys.test.ts; jsdom has no WebAuthn, which these use to see
 * the refusal shown.
 */
describe('passkeys on the sign-in screens', () => {
  it('offers no passkey at the second step of an account without one', async () => {
    stubFetch(async () => jsonResponse(challenge(['totp', 'recovery-code'])));
    renderApp({ routes });
    await passwordStep();
    await screen.findByLabelText('Authentication code');
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it("asks only for the passkey when it is the account's one second factor, and shows a refusal", async () => {
    const paths: string[] = [];
    stubFetch(async (path) => {
      paths.push(path);
      if (path === '/api/auth/signin') return jsonResponse(challenge(['passkey']));
      return jsonResponse(options);
    });
    renderApp({ routes });
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorMessages.passkeyUnsupported);
    expect(paths).toEqual(['/api/auth/signin', '/api/auth/signin/passkey/options']);
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeEnabled();
  });

  it("offers a passkey alone below the form, which keeps its one Sign In button, and shows the server's refusal", async () => {
    const paths: string[] = [];
    stubFetch(async (path) => {
      paths.push(path);
      return jsonResponse({ message: messages.signIn.tooManyAttempts(3) }, 429);
    });
    renderApp({ routes });
    expect(screen.getAllByRole('button', { name: /sign in/i }).map((b) => b.textContent)).toEqual(['Sign In']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.signIn.tooManyAttempts(3));
    expect(paths).toEqual(['/api/auth/signin/passkey/options']);
  });
});
