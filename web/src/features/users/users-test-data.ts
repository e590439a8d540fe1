import type { ListedUser, PublicUser, UserListResponse } from '@backoffice/contract';
import { jsonResponse, stubFetch } from '../../test/render';

/** Ids that differ in their first five characters: 00001…, 00002… */
export function userId(n: number): string {
  return `${String(n).padStart(5, '0')}000-0000-4000-8000-000000000000`;
}

export function makePublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: userId(1),
    username: 'nimal.perera1',
    name: 'Nimal Perera',
    email: 'nimal.perera1@gmail.com',
    mobile: '077 123 4567',
    mobile2: null,
    whatsapp: null,
    profilePicture: null,
    isAdmin: false,
    isVerified: true,
    role: overrides.isAdmin ? 'administrator' : null,
    categories: null,
    createdAt: '2026-11-22T08:00:00.000Z',
    joinDate: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

export function makeListedUser(overrides: Partial<ListedUser> = {}): ListedUser {
  return { ...makePublicUser(overrides), adStats: { approved: 3, pending: 1, rejected: 2 }, ...overrides };
}

export function makeUserList(users: ListedUser[], overrides: Partial<UserListResponse> = {}): UserListResponse {
  return { users, total: users.length, page: 1, pageSize: 10, ...overrides };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A fake server: `handle` answers each call (a Response, or an Error to fail the call itself);
 * every call is recorded.
 */
export function fakeServer(handle: (call: Call, url: URL) => Response | Error) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    const call = { method: request.method, path: url.pathname + url.search, body };
    calls.push(call);
    const answer = handle(call, url);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const listCalls = () =>
    calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/users?')).map((c) => new URL(c.path, 'http://x'));
  return { calls, listCalls };
}
