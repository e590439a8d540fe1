import { messages } from './messages';

/** Client-side check of docs/product.md#validation-rules: both fields non-empty, else the message and no request. Zod-free, for a light sign-in bundle. */
export function validateSignIn(email: string, password: string): string | null {
  return email.trim() === '' || password === '' ? messages.signIn.fillAllFields : null;
}
