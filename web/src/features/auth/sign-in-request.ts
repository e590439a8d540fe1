import { messages, type PublicUser, type RecoveryCodesResponse, type SignInChallenge } from '@backoffice/contract';

export type SignInResult =
  | { ok: true; user: PublicUser }
  | { ok: false; message: string }
  /** The password was right; a second step (or enrolment) comes before the session (docs/decisions/0032-two-factor.md). */
  | { ok: 'second-step'; challenge: SignInChallenge };

type Answer<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * A POST of the sign-in's steps: non-OK answers give the server's message or `fallback`; a
 * network or parse failure gives the generic message.
 */
export async function postAuth<T>(url: string, body: object | undefined, fallback: string): Promise<Answer<T>> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: body ? { 'Content-Type': 'application/json' } : {},
      credentials: 'include',
      body: body ? JSON.stringify(body) : undefined,
    });
    const data: unknown = await res.json();
    if (!res.ok) {
      const message =
        typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
          ? data.message
          : '';
      return { ok: false, message: message || fallback };
    }
    return { ok: true, data: data as T };
  } catch {
    return { ok: false, message: messages.signIn.somethingWentWrong };
  }
}

/**
 * POST /api/auth/signin (docs/product.md#calls, docs/product.md#error-catalogue): non-OK answers give the server's message or
 * `Invalid credentials`; a network or parse failure gives the generic message.
 */
export async function requestSignIn(email: string, password: string): Promise<SignInResult> {
  const answer = await postAuth<PublicUser | SignInChallenge>(
    '/api/auth/signin',
    { email, password },
    messages.signIn.invalidCredentials,
  );
  if (!answer.ok) return answer;
  if ('twoFactorRequired' in answer.data) return { ok: 'second-step', challenge: answer.data };
  return { ok: true, user: answer.data };
}

/** POST /api/auth/signin/2fa: a code of the authenticator app or a recovery code. */
export function requestSecondStep(proof: { code: string } | { recoveryCode: string }) {
  return postAuth<PublicUser>('/api/auth/signin/2fa', proof, messages.signIn.invalidCredentials);
}

export function requestTotpSetup() {
  return postAuth<{ secret: string; otpauthUrl: string; qrCode: string }>(
    '/api/auth/2fa/totp/setup',
    undefined,
    messages.signIn.somethingWentWrong,
  );
}

export function requestTotpConfirm(code: string) {
  return postAuth<RecoveryCodesResponse>('/api/auth/2fa/totp/confirm', { code }, messages.signIn.somethingWentWrong);
}
