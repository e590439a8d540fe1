import type { PublicUser } from '@backoffice/contract';

/** A signed-in admin as the server returns it; override fields per test. */
export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: '0b6f4c1e-6d0f-4a8e-9d51-3c1d2f0a7b11',
    username: 'admin',
    name: 'Ada Admin',
    email: 'admin@example.com',
    mobile: null,
    mobile2: null,
    whatsapp: null,
    profilePicture: null,
    isAdmin: true,
    isVerified: true,
    role: 'administrator',
    categories: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    joinDate: null,
    ...overrides,
  };
}
