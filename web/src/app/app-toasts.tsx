import { ToastContainer } from 'react-toastify';

/** Toasts top right, closing after 3000 ms with no progress bar (docs/product.md#sign-in, docs/product.md#business-constants). */
export function AppToasts() {
  return <ToastContainer position="top-right" autoClose={3000} hideProgressBar theme="dark" />;
}
