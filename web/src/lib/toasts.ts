import { toast } from 'react-toastify';

/** How long a toast stays (docs/product.md#sign-in, docs/product.md#business-constants: 3000 ms). */
export const TOAST_MS = 3000;

/**
 * A success toast that closes TOAST_MS after it shows. The library's own auto-close ends with a
 * CSS animation that pauses while the window has no focus (the toast would stay) and that a test
 * cannot time; a plain timer closes it on time everywhere.
 */
export function showSuccessToast(text: string) {
  const id = toast.success(text, { autoClose: false });
  setTimeout(() => toast.dismiss(id), TOAST_MS);
}
