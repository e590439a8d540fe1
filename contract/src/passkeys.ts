import { z } from 'zod';
import { twoFactorMessages } from './two-factor-messages';

/** Passkeys (WebAuthn; issue 36, docs/decisions/0032-two-factor.md). */
export const PASSKEY_NAME_MAX = 60;

const b64url = z
  .string({ error: twoFactorMessages.passkeyResponse })
  .max(16_384, twoFactorMessages.passkeyResponse)
  .regex(/^[A-Za-z0-9_-]*$/, twoFactorMessages.passkeyResponse);
const credentialId = b64url.min(1, twoFactorMessages.passkeyResponse).max(1_400, twoFactorMessages.passkeyResponse);
const transports = z.array(z.string().max(40)).max(10).optional();
const extensionResults = z.record(z.string(), z.unknown()).optional().default({});
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** What navigator.credentials.create() gave, as @simplewebauthn/browser's startRegistration returns it. */
export const passkeyRegistrationResponse = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: twoFactorMessages.passkeyResponse }),
    response: z.object(
      {
        clientDataJSON: b64url,
        attestationObject: b64url,
        transports,
        authenticatorData: b64url.optional(),
        publicKey: b64url.optional(),
        publicKeyAlgorithm: z.number().int().optional(),
      },
      { error: twoFactorMessages.passkeyResponse },
    ),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  },
  { error: twoFactorMessages.passkeyResponse },
);

/** What navigator.credentials.get() gave, as startAuthentication returns it. */
export const passkeyAuthenticationResponse = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: twoFactorMessages.passkeyResponse }),
    response: z.object(
      {
        clientDataJSON: b64url,
        authenticatorData: b64url,
        signature: b64url,
        userHandle: b64url.optional(),
      },
      { error: twoFactorMessages.passkeyResponse },
    ),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  },
  { error: twoFactorMessages.passkeyResponse },
);

/** POST /api/auth/passkeys: the new passkey's name and the browser's answer. */
export const addPasskeyBody = z.strictObject({
  name: z
    .string({ error: twoFactorMessages.passkeyName })
    .trim()
    .min(1, twoFactorMessages.passkeyName)
    .max(PASSKEY_NAME_MAX, twoFactorMessages.passkeyName),
  response: passkeyRegistrationResponse,
});
export type AddPasskeyBody = z.infer<typeof addPasskeyBody>;

/** POST /api/auth/signin/passkey: the browser's answer to the sign-in's challenge. */
export const passkeySignInBody = z.strictObject({ response: passkeyAuthenticationResponse });
export type PasskeySignInBody = z.infer<typeof passkeySignInBody>;

/** The options for navigator.credentials.create() / get(), as @simplewebauthn/server makes them. */
export const passkeyOptionsResponse = z.object({
  success: z.literal(true),
  options: z.looseObject({ challenge: z.string() }),
});

export const passkey = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;

export const passkeyResponse = z.object({ success: z.literal(true), passkey });
export const passkeysResponse = z.object({ success: z.literal(true), passkeys: z.array(passkey) });

export const passkeyIdParam = z.object({ id: credentialId });
