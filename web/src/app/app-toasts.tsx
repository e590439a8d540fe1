import { ToastContainer } from 'react-toastify';

/** Toasts top right, closing after 3000 ms with no progress bar (spec §2, §9). */
export function AppToasts() {
  return <ToastContainer position="top-right" autoClose={3000} hideProgressBar theme="dark" />;
}
