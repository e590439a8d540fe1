import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, newPassword } from './auth';
import { messages } from './messages';
import { publicUser } from './users';
import { twoFactorMessages } from './two-factor-messages';

/** The ways a second step can be passed. */
export const SECOND_FACTORS = ['totp', 'recovery-code', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

export const RECOVERY_CODE_COUNT = 10;

const totpCode = z
  .string({ error: twoFactorMessages.codeFormat })
  .trim()
  .regex(/^\d{6}$/, twoFactorMessages.codeFormat);
const recoveryCode = z
  .string({ error: twoFactorMessages.recoveryCodeFormat })
  .trim()
  .regex(/^[A-Za-z2-7]{5}[- ]?[A-Za-z2-7]{5}$/, twoFactorMessages.recoveryCodeFormat);

/**
 * POST /api/auth/signin's answer for an account that must pass a second step (no session yet,
 * only the pending-sign-in cookie). `enrolmentRequired`: REQUIRE_2FA and no factor enrolled, so
 * the next step is POST /api/auth/2fa/totp/setup and /confirm.
 */
export const signInChallenge = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  methods: z.array(z.enum(SECOND_FACTORS)),
  enrolmentRequired: z.boolean(),
});
export type SignInChallenge = z.infer<typeof signInChallenge>;

/** POST /api/auth/signin/2fa: a code of the authenticator app or one recovery code. */
export const secondFactorBody = z.union(
  [z.strictObject({ code: totpCode }), z.strictObject({ recoveryCode: recoveryCode })],
  { error: twoFactorMessages.codeOrRecoveryCode },
);
export type SecondFactorBody = z.infer<typeof secondFactorBody>;

/** POST /api/auth/2fa/totp/setup: the new secret (text and otpauth URL) and its QR code (an SVG data URL). */
export const totpSetupResponse = z.object({
  success: z.literal(true),
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

export const totpConfirmBody = z.strictObject({ code: totpCode });

/** The recovery codes, shown once. `user`: set when the confirmation finished a sign-in. */
export const recoveryCodesResponse = z.object({
  success: z.literal(true),
  recoveryCodes: z.array(z.string()),
  user: publicUser.optional(),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** GET /api/auth/account: the signed-in admin's second factor. */
export const accountSecurity = z.object({
  success: z.literal(true),
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** REQUIRE_2FA: an admin without a second factor enrols at their next sign-in. */
  twoFactorRequired: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecurity>;

/** POST /api/auth/password: the current password and, when enrolled, a second factor. */
export const changePasswordBody = z.strictObject({
  currentPassword: z
    .string({ error: messages.signIn.fillAllFields })
    .min(1, messages.signIn.fillAllFields)
    .max(MAX_PASSWORD_LENGTH, messages.input.passwordTooLong),
  newPassword,
  code: totpCode.optional(),
  recoveryCode: recoveryCode.optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const accountSession = z.object({
  _id: z.string(),
  current: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  factor: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessionsResponse = z.object({ success: z.literal(true), sessions: z.array(accountSession) });

export const sessionIdParam = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, twoFactorMessages.sessionNotFound),
});
