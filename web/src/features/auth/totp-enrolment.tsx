import { useEffect, useState, type FormEvent } from 'react';
import { twoFactorMessages, type PublicUser } from '@backoffice/contract';
import { Button, Spinner, TextField } from '../../components/ui';
import { RecoveryCodesList } from './recovery-codes-list';
import { requestTotpConfirm, requestTotpSetup } from './sign-in-request';
import { SignInAlert } from './sign-in-alert';

type Setup = { secret: string; otpauthUrl: string; qrCode: string };

/**
 * Enrolling an authenticator app (docs/decisions/0032-two-factor.md): the QR code and the secret
 * in text, confirmed by one code; then the recovery codes, shown once. Used at sign-in (REQUIRE_2FA:
 * `onDone` gets the signed-in user) and from the account page (no user: the session was already open).
 */
export function TotpEnrolment({
  onDone,
  onFailed,
  doneLabel = 'Continue',
}: {
  onDone: (user: PublicUser | undefined) => void;
  /** The setup could not start (the enrolling sign-in expired). */
  onFailed?: (message: string) => void;
  doneLabel?: string;
}) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ codes: string[]; user: PublicUser | undefined } | null>(null);

  useEffect(() => {
    let live = true;
    void requestTotpSetup().then((answer) => {
      if (!live) return;
      if (answer.ok) setSetup(answer.data);
      else if (onFailed) onFailed(answer.message);
      else setError(answer.message);
    });
    return () => {
      live = false;
    };
    // Once per mount: every setup makes a new secret.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError(twoFactorMessages.codeFormat);
      return;
    }
    setPending(true);
    setError(null);
    const answer = await requestTotpConfirm(typed);
    setPending(false);
    if (!answer.ok) {
      if (answer.message === twoFactorMessages.signInExpired && onFailed) return onFailed(answer.message);
      setError(answer.message);
      return;
    }
    setDone({ codes: answer.data.recoveryCodes, user: answer.data.user });
  }

  if (done) return <RecoveryCodesList codes={done.codes} doneLabel={doneLabel} onDone={() => onDone(done.user)} />;
  if (!setup)
    return error ? (
      <p role="alert" className="text-sm text-rose-200">
        {error}
      </p>
    ) : (
      <div className="flex justify-center py-6" aria-busy="true">
        <Spinner />
      </div>
    );
  return (
    <form className="space-y-5" onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
      <p className="text-sm text-slate-300">
        Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or
        1Password), then enter the 6-digit code it shows.
      </p>
      <div className="flex justify-center">
        <img src={setup.qrCode} alt="QR code for your authenticator app" className="size-48 rounded-lg bg-white p-2" />
      </div>
      <div>
        <p className="text-sm text-slate-400">Or enter this key by hand:</p>
        <p data-testid="totp-secret" className="mt-1 font-mono text-sm break-all text-slate-100 select-all">
          {setup.secret}
        </p>
      </div>
      <TextField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        placeholder="123456"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        disabled={pending}
      />
      {error && <SignInAlert message={error} />}
      <Button type="submit" className="w-full" disabled={pending} loading={pending}>
        {pending ? 'Verifying...' : 'Turn on two-factor sign-in'}
      </Button>
    </form>
  );
}
