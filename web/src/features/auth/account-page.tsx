import { useState, type FormEvent } from 'react';
import { messages, twoFactorMessages } from '@backoffice/contract';
import { Banner, Button, PageHeader, TextField, type BannerMessage } from '../../components/ui';
import { apiError } from '../../lib/api';
import { useDispatch } from 'react-redux';
import {
  accountApi,
  useGetAccountQuery,
  useGetPasskeysQuery,
  useNewRecoveryCodesMutation,
  useResetTwoFactorMutation,
} from './account-api';
import { ChangePasswordForm, Section, SessionsList } from './account-sections';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesList } from './recovery-codes-list';
import { TotpEnrolment } from './totp-enrolment';

/** A code of the app (six digits) or a recovery code, as typed. */
const proofOf = (typed: string) =>
  /^\d{6}$/.test(typed.trim()) ? { code: typed.trim() } : { recoveryCode: typed.trim() };

/** New recovery codes for a code, or the second factor reset with a recovery code. */
function TwoFactorOn({ codesLeft }: { codesLeft: number }) {
  const [regenerate, regenerating] = useNewRecoveryCodesMutation();
  const [reset, resetting] = useResetTwoFactorMutation();
  const [proof, setProof] = useState('');
  const [note, setNote] = useState<BannerMessage | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  async function run(e: FormEvent, action: 'codes' | 'reset') {
    e.preventDefault();
    if (!proof.trim()) return setNote({ tone: 'error', text: twoFactorMessages.codeOrRecoveryCode });
    const result = action === 'codes' ? await regenerate(proofOf(proof)) : await reset(proofOf(proof));
    setProof('');
    if ('error' in result)
      return setNote({ tone: 'error', text: apiError(result.error).message ?? messages.signIn.somethingWentWrong });
    if ('recoveryCodes' in result.data) setCodes(result.data.recoveryCodes);
    setNote(
      action === 'codes'
        ? null
        : { tone: 'success', text: 'Two-factor sign-in is off. Your other sessions were ended.' },
    );
  }

  if (codes) return <RecoveryCodesList codes={codes} doneLabel="Done" onDone={() => setCodes(null)} />;
  return (
    <div className="max-w-md space-y-4">
      <p className="text-sm text-slate-300">
        On, with an authenticator app. Recovery codes left: <strong className="text-slate-100">{codesLeft}</strong>
      </p>
      <form className="space-y-4" noValidate aria-label="Two-factor sign-in" onSubmit={(e) => void run(e, 'codes')}>
        <TextField
          label="Authentication code or recovery code"
          autoComplete="one-time-code"
          value={proof}
          onChange={(e) => setProof(e.target.value)}
        />
        {note && <Banner message={note} />}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={regenerating.isLoading}>
            New recovery codes
          </Button>
          <Button type="button" variant="danger" loading={resetting.isLoading} onClick={(e) => void run(e, 'reset')}>
            Reset two-factor sign-in
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * The signed-in admin's own account (issue 36.4), opened from the header's user badge: two-factor
 * sign-in, the password and the sessions.
 */
export function AccountPage() {
  const dispatch = useDispatch();
  const { data, isLoading } = useGetAccountQuery();
  const hasPasskey = (useGetPasskeysQuery().data?.passkeys?.length ?? 0) > 0;
  const [enrolling, setEnrolling] = useState(false);
  return (
    <div className="space-y-6">
      <PageHeader title="Account" description="Your sign-in, passkeys, password and sessions." />
      <Section title="Two-factor sign-in">
        {isLoading || !data ? (
          <p className="text-sm text-slate-400">Loading…</p>
        ) : data.totpEnabled ? (
          <TwoFactorOn codesLeft={data.recoveryCodesLeft} />
        ) : enrolling ? (
          <div className="max-w-md">
            <TotpEnrolment
              doneLabel="Done"
              onDone={() => {
                setEnrolling(false);
                dispatch(accountApi.util.invalidateTags(['Account']));
              }}
            />
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-300">
              {hasPasskey
                ? 'No authenticator app: your passkeys are asked for after your password. An app adds recovery codes.'
                : 'Off. Add an authenticator app so that a password alone cannot sign in as you.'}
            </p>
            <Button type="button" onClick={() => setEnrolling(true)}>
              Set up two-factor sign-in
            </Button>
          </div>
        )}
      </Section>
      <Section title="Passkeys" id="passkeys">
        <PasskeysSection />
      </Section>
      <Section title="Password">
        <ChangePasswordForm needsCode={data?.totpEnabled ?? false} />
      </Section>
      <Section title="Sessions" id="sessions">
        <SessionsList />
      </Section>
    </div>
  );
}
