import { z } from 'zod';
import { messages } from './messages';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 256;

/** POST /api/auth/signin body. Empty fields get the spec's sign-in message. */
export const signInBody = z.strictObject({
  email: z
    .string({ error: messages.signIn.fillAllFields })
    .trim()
    .min(1, messages.signIn.fillAllFields)
    .max(MAX_EMAIL_LENGTH, 'Email is too long'),
  password: z
    .string({ error: messages.signIn.fillAllFields })
    .min(1, messages.signIn.fillAllFields)
    .max(MAX_PASSWORD_LENGTH, 'Password is too long'),
});
export type SignInBody = z.infer<typeof signInBody>;

export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, messages.password.tooShort)
  .max(MAX_PASSWORD_LENGTH, 'Password is too long');
