/** Kept apart from the schemas (no Zod), so the sign-in screens load without them. */
/** Two-factor sign-in and self-service (issue 36; docs/decisions/0032-two-factor.md). */
export const twoFactorMessages = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeFormat: 'Enter a recovery code as shown, such as ABCDE-FGHJK',
  codeOrRecoveryCode: 'Enter a code or a recovery code',
  invalidCode: 'Invalid code',
  invalidRecoveryCode: 'Invalid recovery code',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  notStarted: 'Set up the authenticator app first',
  alreadyEnrolled: 'Two-factor sign-in is already set up',
  notEnrolled: 'Two-factor sign-in is not set up',
  wrongPassword: 'Current password is incorrect',
  sessionNotFound: 'Session not found',
  notAnAdmin: 'This user is not an admin',
  administratorsOnly: 'Only an administrator can reset another admin',
  secondFactorNeeded: 'Enter a code from your authenticator app or a recovery code',
} as const;
