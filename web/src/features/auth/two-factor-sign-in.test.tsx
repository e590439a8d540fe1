import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { twoFactorMessages } from '@backoffice/contract';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { SignInPage } from './sign-in-page';

const routes = [
  { path: '/', Component: SignInPage },
  { path: '/app/dashboard', element: <h1>Dashboard stand-in</h1> },
];

const challenge = (enrolmentRequired: boolean) => ({
  success: true,
  twoFactorRequired: true,
  methods: enrolmentRequired ? [] : ['totp', 'recovery-code'],
  enrolmentRequired,
});

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'admin@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

/** The sign-in's second step and enrolment at sign-in (docs/decisions/0032-two-factor.md). */
describe('two-factor sign-in screens', () => {
  it('asks for the code after the password, and signs in with it', async () => {
    const admin = makeUser();
    const bodies: unknown[] = [];
    stubFetch(async (path, init) => {
      if (path === '/api/auth/signin') return jsonResponse(challenge(false));
      bodies.push(JSON.parse(String(init?.body)));
      return jsonResponse(admin);
    });
    const { store } = renderApp({ routes });
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(bodies).toEqual([{ code: '123456' }]);
    expect(store.getState().user.currentUser).toEqual(admin);
  });

  it('takes a recovery code instead, and shows a wrong one refused', async () => {
    const bodies: unknown[] = [];
    stubFetch(async (path, init) => {
      if (path === '/api/auth/signin') return jsonResponse(challenge(false));
      bodies.push(JSON.parse(String(init?.body)));
      return jsonResponse({ message: twoFactorMessages.invalidRecoveryCode }, 401);
    });
    const { store } = renderApp({ routes });
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorMessages.invalidRecoveryCode);
    expect(bodies).toEqual([{ recoveryCode: 'ABCDE-FGHJK' }]);
    expect(store.getState().user.currentUser).toBeNull();
  });

  it('goes back to the password when the pending sign-in is over', async () => {
    stubFetch(async (path) =>
      path === '/api/auth/signin'
        ? jsonResponse(challenge(false))
        : jsonResponse({ message: twoFactorMessages.tooManyCodes }, 401),
    );
    renderApp({ routes });
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorMessages.tooManyCodes);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('makes an admin without a second factor enrol: QR code, secret in text, one code, recovery codes once', async () => {
    const admin = makeUser();
    const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-FGHJ${'ABCDEFGHJK'[i]}`);
    stubFetch(async (path) => {
      if (path === '/api/auth/signin') return jsonResponse(challenge(true));
      if (path === '/api/auth/2fa/totp/setup')
        return jsonResponse({
          success: true,
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/x',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        });
      return jsonResponse({ success: true, recoveryCodes: codes, user: admin });
    });
    const { store } = renderApp({ routes });
    const user = await passwordStep();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('Authentication code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(twoFactorMessages.codeFormat);
    await user.type(screen.getByLabelText('Authentication code'), '6');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(store.getState().user.currentUser).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(store.getState().user.currentUser).toEqual(admin);
  });
});
