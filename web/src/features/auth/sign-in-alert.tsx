import { AlertCircle } from 'lucide-react';

/** The sign-in screens' error line (sign-in, its second step, enrolment), announced as it appears. */
export function SignInAlert({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg bg-rose-500/10 px-3 py-2.5 text-sm text-rose-200 ring-1 ring-rose-500/30"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}
