import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router';
import { showSuccessToast } from '../../lib/toasts';
import { Info } from 'lucide-react';
import { messages, validateSignIn, type PublicUser, type SecondFactor } from '@backoffice/contract';
import { Button, Logo, TextField } from '../../components/ui';
import { paths } from '../../lib/paths';
import { PasswordField } from './password-field';
import { SecondFactorStep } from './second-factor-step';
import { TotpEnrolment } from './totp-enrolment';
import { signInWithPasskey } from './passkey-client';
import { requestSignIn } from './sign-in-request';
import { selectCurrentUser, signInFailure, signInStart, signInSuccess } from './user-slice';
import { SignInAlert } from './sign-in-alert';

/** Public sign-in screen at / (docs/product.md#sign-in, docs/product.md#validation-rules, docs/product.md#error-catalogue). */
export function SignInPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const currentUser = useSelector(selectCurrentUser);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Pending and error are local so a reload mid-request (the store is persisted) never leaves
  // the button stuck; the slice still records every transition.
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showForgotNote, setShowForgotNote] = useState(false);
  // After a right password: the second step, or enrolment first (docs/decisions/0032-two-factor.md).
  const [step, setStep] = useState<'password' | 'second-factor' | 'enrol'>('password');
  const [methods, setMethods] = useState<SecondFactor[]>([]);

  if (currentUser?.isAdmin && !pending) return <Navigate to={paths.dashboard} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const invalid = validateSignIn(email, password);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setPending(true);
    dispatch(signInStart());
    const result = await requestSignIn(email, password);
    if (result.ok === 'second-step') {
      setPending(false);
      setPassword('');
      setMethods(result.challenge.methods);
      setStep(result.challenge.enrolmentRequired ? 'enrol' : 'second-factor');
      return;
    }
    if (!result.ok) {
      dispatch(signInFailure(result.message));
      setError(result.message);
      setPending(false);
      return;
    }
    finish(result.user);
  }

  /** A passkey alone (docs/decisions/0032-two-factor.md, Passkeys): no email or password typed. */
  async function passkeyOnly() {
    if (pending) return;
    setError(null);
    setPending(true);
    dispatch(signInStart());
    const answer = await signInWithPasskey();
    if (!answer.ok) {
      dispatch(signInFailure(answer.message));
      setError(answer.message);
      setPending(false);
      return;
    }
    finish(answer.data);
  }

  function finish(user: PublicUser) {
    dispatch(signInSuccess(user));
    showSuccessToast(messages.signIn.success);
    navigate(paths.dashboard, { replace: true });
  }

  /** The pending sign-in is over: the password again, with the reason. */
  function restart(message: string) {
    dispatch(signInFailure(message));
    setError(message);
    setStep('password');
  }

  return (
    <div className="relative flex min-h-full flex-col bg-slate-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.18),transparent_60%)]"
      />
      <main className="relative flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md">
          <div className="mb-8 flex justify-center">
            <Logo />
          </div>
          <div className="rounded-2xl border border-slate-800 bg-slate-900/80 p-8 shadow-2xl shadow-black/40 backdrop-blur">
            <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-100">Admin Panel Login</h1>
            {step === 'second-factor' && <SecondFactorStep methods={methods} onSignedIn={finish} onRestart={restart} />}
            {step === 'enrol' && (
              <div className="mt-8 space-y-4">
                <p role="status" className="text-sm text-sky-200">
                  Two-factor sign-in is required. Set up an authenticator app to continue.
                </p>
                <TotpEnrolment
                  onDone={(user) => (user ? finish(user) : restart(messages.signIn.somethingWentWrong))}
                  onFailed={restart}
                />
              </div>
            )}
            {step === 'password' && (
              <form className="mt-8 space-y-5" onSubmit={handleSubmit} noValidate>
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  placeholder="admin@example.com"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  disabled={pending}
                />
                <PasswordField value={password} onChange={setPassword} disabled={pending} />
                <div className="flex justify-end">
                  <button
                    type="button"
                    onClick={() => setShowForgotNote(true)}
                    className="rounded text-sm font-medium text-indigo-300 hover:text-indigo-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                  >
                    Forgot Password?
                  </button>
                </div>
                {showForgotNote && (
                  <p
                    role="status"
                    className="flex items-start gap-2 rounded-lg bg-sky-500/10 px-3 py-2.5 text-sm text-sky-200 ring-1 ring-sky-500/30"
                  >
                    <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {messages.signIn.forgotPassword}
                  </p>
                )}
                {error && <SignInAlert message={error} />}
                <Button type="submit" size="lg" className="w-full" disabled={pending} loading={pending}>
                  {pending ? 'Signing In...' : 'Sign In'}
                </Button>
              </form>
            )}
            {step === 'password' && (
              <div className="mt-4 flex justify-center">
                <button
                  type="button"
                  onClick={passkeyOnly}
                  disabled={pending}
                  className="rounded text-sm font-medium text-indigo-300 hover:text-indigo-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50"
                >
                  Use a passkey instead
                </button>
              </div>
            )}
          </div>
        </div>
      </main>
      <footer className="relative py-6 text-center text-sm text-slate-400">
        © {new Date().getFullYear()} Marketplace Admin. All rights reserved.
      </footer>
    </div>
  );
}
