import { useState, type FormEvent } from 'react';
import { twoFactorMessages, type PublicUser, type SecondFactor } from '@backoffice/contract';
import { Button, TextField } from '../../components/ui';
import { signInWithPasskey } from './passkey-client';
import { requestSecondStep } from './sign-in-request';
import { SignInAlert } from './sign-in-alert';

/**
 * The sign-in's second step (docs/product.md#sign-in, docs/decisions/0032-two-factor.md): the
 * authenticator app's code, or one of the recovery codes. `onSignedIn` with the user once passed;
 * `onRestart` when the pending sign-in is over (expired or too many wrong codes). With a passkey
 * among the account's `methods`, "Use a passkey" beside the code (the only way when it has no app).
 */
export function SecondFactorStep({
  onSignedIn,
  onRestart,
  methods = ['totp', 'recovery-code'],
}: {
  onSignedIn: (user: PublicUser) => void;
  onRestart: (message: string) => void;
  methods?: SecondFactor[];
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const hasCode = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');

  /** The answer of either way: signed in, the sign-in over, or a message to show. */
  function settle(answer: { ok: true; data: PublicUser } | { ok: false; message: string }) {
    if (answer.ok) return onSignedIn(answer.data);
    if (answer.message === twoFactorMessages.signInExpired || answer.message === twoFactorMessages.tooManyCodes)
      return onRestart(answer.message);
    setError(answer.message);
  }

  async function withPasskey() {
    if (pending) return;
    setPending(true);
    setError(null);
    const answer = await signInWithPasskey();
    setPending(false);
    settle(answer);
  }

  const passkeyButton = hasPasskey && (
    <Button type="button" variant="secondary" size="lg" className="w-full" disabled={pending} onClick={withPasskey}>
      Use a passkey
    </Button>
  );

  if (!hasCode) {
    return (
      <div className="mt-8 space-y-5" role="group" aria-label="Second step">
        <p className="text-sm text-slate-300">Use your passkey to finish signing in.</p>
        {error && <SignInAlert message={error} />}
        {passkeyButton}
      </div>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const typed = value.trim();
    if (!typed) {
      setError(useRecovery ? twoFactorMessages.recoveryCodeFormat : twoFactorMessages.codeFormat);
      return;
    }
    setPending(true);
    setError(null);
    const answer = await requestSecondStep(useRecovery ? { recoveryCode: typed } : { code: typed.replace(/\s/g, '') });
    setPending(false);
    settle(answer);
    if (!answer.ok) setValue('');
  }

  return (
    <form className="mt-8 space-y-5" onSubmit={submit} noValidate aria-label="Second step">
      <p className="text-sm text-slate-300">
        {useRecovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <TextField
        key={useRecovery ? 'recovery' : 'code'}
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        name={useRecovery ? 'recoveryCode' : 'code'}
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        placeholder={useRecovery ? 'ABCDE-FGHJK' : '123456'}
        maxLength={useRecovery ? 11 : 7}
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        disabled={pending}
      />
      {error && <SignInAlert message={error} />}
      <Button type="submit" size="lg" className="w-full" disabled={pending} loading={pending}>
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
      {passkeyButton}
      <div className="flex justify-center">
        <button
          type="button"
          onClick={() => {
            setUseRecovery((v) => !v);
            setValue('');
            setError(null);
          }}
          className="rounded text-sm font-medium text-indigo-300 hover:text-indigo-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
      </div>
    </form>
  );
}
