import type { OperationText } from './openapi-operation-text';

const op = (operationId: string, summary: string, ok: string, errors?: number[]): OperationText => ({
  operationId,
  summary,
  ok,
  ...(errors ? { errors } : {}),
});

/** Two-factor sign-in and self-service (docs/decisions/0032-two-factor.md), spread into `operations`. */
export const accountOperations: Record<string, OperationText> = {
  'POST /api/auth/signin/2fa': op(
    'signInSecondStep',
    "Pass the sign-in's second step with a code or a recovery code",
    'Signed in: the `sid` cookie is set; the administrator',
    [401, 429],
  ),
  'POST /api/auth/2fa/totp/setup': op(
    'setUpTotp',
    'Start enrolling an authenticator app',
    'The new secret, its otpauth URL and QR code',
    [401, 409],
  ),
  'POST /api/auth/2fa/totp/confirm': op(
    'confirmTotp',
    'Confirm the authenticator app with one code',
    'Two-factor sign-in is on; the recovery codes (shown once)',
    [401, 409],
  ),
  'GET /api/auth/account': op('getAccount', "The signed-in admin's second factor", 'Whether it is on; codes left'),
  'POST /api/auth/password': op('changePassword', 'Change your own password', 'Changed; other sessions ended'),
  'GET /api/auth/sessions': op('listAccountSessions', 'Your sessions', 'Each session: browser, address, last use'),
  'DELETE /api/auth/sessions/:id': op('endAccountSession', 'End one of your sessions', 'Ended'),
  'POST /api/auth/2fa/recovery-codes': op(
    'newRecoveryCodes',
    'Replace your recovery codes',
    'The new recovery codes (shown once)',
    [409],
  ),
  'POST /api/auth/2fa/reset': op('resetOwnTwoFactor', 'Turn your second factor off with a recovery code', 'Off', [409]),
  'POST /api/auth/signin/passkey/options': op(
    'passkeySignInOptions',
    'Start signing in with a passkey (the second step, or alone)',
    'The options for navigator.credentials.get(); a pending-sign-in cookie when none was open',
    [409, 429],
  ),
  'POST /api/auth/signin/passkey': op(
    'signInWithPasskey',
    "Sign in with the passkey's answer",
    'Signed in: the `sid` cookie is set; the administrator',
    [401, 403, 429],
  ),
  'GET /api/auth/passkeys': op('listPasskeys', 'Your passkeys', 'Each passkey: name, added, last used'),
  'POST /api/auth/passkeys/options': op(
    'passkeyRegistrationOptions',
    'Start adding a passkey',
    'The options for navigator.credentials.create()',
  ),
  'POST /api/auth/passkeys': op('addPasskey', "Add a passkey with the browser's answer", 'The passkey added', [409]),
  'DELETE /api/auth/passkeys/:id': op('removePasskey', 'Remove one of your passkeys', 'Removed', [404]),
  'POST /api/users/:id/reset-2fa': op(
    'resetTwoFactorOf',
    "Turn another admin's second factor off (administrators)",
    "Off; that admin's sessions ended",
    [409],
  ),
};
