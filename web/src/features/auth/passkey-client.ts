import { messages, twoFactorMessages, type PublicUser } from '@backoffice/contract';
import { postAuth } from './sign-in-request';

type Answer<T> = { ok: true; data: T } | { ok: false; message: string };
type Options = Record<string, unknown> & { challenge: string };

/**
 * @simplewebauthn/browser, loaded only when a passkey is used, so that the sign-in screen's first
 * load stays small (e2e/first-load budget).
 */
const browserLib = () => import('@simplewebauthn/browser');

/** The browser's refusal in plain words: cancelled or timed out (NotAllowedError), or no WebAuthn. */
function ceremonyError(error: unknown): string {
  if (error instanceof Error && error.name === 'NotAllowedError') return twoFactorMessages.passkeyCancelled;
  if (typeof window !== 'undefined' && !window.PublicKeyCredential) return twoFactorMessages.passkeyUnsupported;
  if (error instanceof Error && error.message) return error.message;
  return messages.signIn.somethingWentWrong;
}

/**
 * Signs in with a passkey (docs/decisions/0032-two-factor.md, Passkeys): after a right password it
 * is the second step (the server knows the pending sign-in by its cookie), otherwise a passkey alone.
 */
export async function signInWithPasskey(): Promise<Answer<PublicUser>> {
  const options = await postAuth<{ options: Options }>(
    '/api/auth/signin/passkey/options',
    undefined,
    messages.signIn.somethingWentWrong,
  );
  if (!options.ok) return options;
  let response;
  try {
    const { startAuthentication } = await browserLib();
    response = await startAuthentication({ optionsJSON: options.data.options as never });
  } catch (error) {
    return { ok: false, message: ceremonyError(error) };
  }
  return postAuth<PublicUser>('/api/auth/signin/passkey', { response }, twoFactorMessages.passkeyRefused);
}

/** Creates a passkey for these options (POST /api/auth/passkeys/options); the browser's answer. */
export async function createPasskey(options: Options): Promise<Answer<unknown>> {
  try {
    const { startRegistration } = await browserLib();
    return { ok: true, data: await startRegistration({ optionsJSON: options as never }) };
  } catch (error) {
    return { ok: false, message: ceremonyError(error) };
  }
}
