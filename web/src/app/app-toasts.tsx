import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '../lib/toasts';

/** Toasts top right, closing after 3000 ms with no progress bar (docs/product.md#sign-in, docs/product.md#business-constants). */
export function AppToasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_MS} hideProgressBar theme="dark" />;
}
