import { expect } from 'vitest';
import type { PublicUser, UserListResponse } from '@backoffice/contract';
import type { E2e } from './e2e';

export const SECOND_PASSWORD = 'second-admin-password-1';

/** A call to the suite's server as its admin (the API session), with the answer's status and JSON. */
export async function adminApi<T>(
  e2e: E2e,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${e2e.baseUrl}${path}`, {
    ...init,
    headers: { cookie: e2e.cookie, origin: e2e.baseUrl, 'content-type': 'application/json', ...init.headers },
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * Whether a user's stored email is one the edit form accepts. The demo also has advertisers whose
 * stored email the form refuses (the public site's bad rows, for the messages' failures); a test
 * that saves the edit form takes a user with a plain address.
 */
export const hasPlainEmail = (u: Pick<PublicUser, 'email'>) => /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(u.email);

/**
 * A second admin for the tests of a team: a demo advertiser promoted, with SECOND_PASSWORD (one with a
 * plain email, see hasPlainEmail).
 */
export async function promoteSecondAdmin(e2e: E2e): Promise<PublicUser> {
  const { body } = await adminApi<UserListResponse>(e2e, '/api/users?pageSize=50');
  const user = body.users.find((u) => u.name && !u.isAdmin && hasPlainEmail(u))!;
  const promoted = await adminApi<PublicUser>(e2e, `/api/users/${user._id}`, {
    method: 'PUT',
    body: JSON.stringify({
      username: user.username,
      email: user.email,
      mobile: user.mobile,
      isAdmin: true,
      isVerified: true,
      password: SECOND_PASSWORD,
    }),
  });
  expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
  return promoted.body;
}
