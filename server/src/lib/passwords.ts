import { randomBytes } from 'node:crypto';
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

let standIn: Promise<string> | undefined;
/**
 * The hash of a random password, made with the same parameters as every real one: sign-in checks an
 * unknown email's password against it, so that refusal costs the same argon2 verification as a
 * wrong password.
 */
export function standInHash(): Promise<string> {
  standIn ??= hashPassword(randomBytes(16).toString('hex'));
  return standIn;
}
