import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { messages, newPassword, signInBody, validateSignIn } from '../src';

describe('sign-in validation (docs/product.md#validation-rules)', () => {
  it('asks for both fields when either is empty', () => {
    expect(validateSignIn('', '')).toBe('Please fill in all fields');
    expect(validateSignIn('a@b.lk', '')).toBe('Please fill in all fields');
    expect(validateSignIn('   ', 'secret')).toBe('Please fill in all fields');
    expect(validateSignIn('a@b.lk', 'secret')).toBeNull();
  });

  it('client and server agree for any input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (email, password) => {
        const client = validateSignIn(email, password) === null;
        const server = signInBody.safeParse({ email, password }).success;
        // The server additionally caps lengths; below the caps they agree exactly.
        if (email.length <= 254 && password.length <= 256) expect(server).toBe(client);
        else expect(server).toBe(false);
      }),
    );
  });

  it('refuses unknown fields and wrong types', () => {
    expect(signInBody.safeParse({ email: 'a@b.lk', password: 'x', isAdmin: true }).success).toBe(false);
    const wrong = signInBody.safeParse({ email: 1, password: 'x' });
    expect(wrong.success).toBe(false);
    expect(wrong.error!.issues[0]!.message).toBe(messages.signIn.fillAllFields);
  });

  it('requires new passwords of at least 8 characters', () => {
    expect(newPassword.safeParse('1234567').error!.issues[0]!.message).toBe('Password must be at least 8 characters');
    expect(newPassword.safeParse('12345678').success).toBe(true);
  });

  it('words the throttling message with the minutes left', () => {
    expect(messages.signIn.tooManyAttempts(15)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(messages.signIn.tooManyAttempts(1)).toBe('Too many sign-in attempts. Try again in 1 minute.');
  });
});
