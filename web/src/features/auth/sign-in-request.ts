import { messages, type PublicUser } from '@backoffice/contract';

export type SignInResult = { ok: true; user: PublicUser } | { ok: false; message: string };

/**
 * POST /api/auth/signin (docs/product.md#calls, docs/product.md#error-catalogue): non-OK answers give the server's message or
 * `Invalid credentials`; a network or parse failure gives the generic message.
 */
export async function requestSignIn(email: string, password: string): Promise<SignInResult> {
  try {
    const res = await fetch('/api/auth/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify({ email, password }),
    });
    const data: unknown = await res.json();
    if (!res.ok) {
      const message =
        typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
          ? data.message
          : '';
      return { ok: false, message: message || messages.signIn.invalidCredentials };
    }
    return { ok: true, user: data as PublicUser };
  } catch {
    return { ok: false, message: messages.signIn.somethingWentWrong };
  }
}
