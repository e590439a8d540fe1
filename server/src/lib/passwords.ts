import { hash, verify } from '@node-rs/argon2';

/** docs/decisions/0012-access-control.md: argon2id with OWASP's minimum (19 MiB, 2 iterations, 1 lane). Argon2id is the library default. */
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so both failures cost the same time.
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  return dummyHash.then((h) => verifyPassword(h, password));
}
