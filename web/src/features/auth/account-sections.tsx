import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { messages, MIN_PASSWORD_LENGTH, twoFactorMessages } from '@backoffice/contract';
import { Banner, Button, Panel, TextField, type BannerMessage } from '../../components/ui';
import { apiError } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useChangePasswordMutation, useEndSessionMutation, useGetAccountSessionsQuery } from './account-api';

/** One section of the Account page; with an `id`, a link to `#id` (the header's Sessions) scrolls to it. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (id && hash === `#${id}`) document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, [id, hash]);
  return (
    <Panel id={id} className="scroll-mt-20">
      <h2 className="mb-4 text-lg font-semibold text-slate-100">{title}</h2>
      {children}
    </Panel>
  );
}

/** Change one's own password: the current one and, with two-factor on, a code (other sessions end). */
export function ChangePasswordForm({ needsCode }: { needsCode: boolean }) {
  const [change, { isLoading }] = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const [note, setNote] = useState<BannerMessage | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!current || !next) return setNote({ tone: 'error', text: messages.signIn.fillAllFields });
    if (next.length < MIN_PASSWORD_LENGTH) return setNote({ tone: 'error', text: messages.password.tooShort });
    const proof = needsCode
      ? /^\d{6}$/.test(code.trim())
        ? { code: code.trim() }
        : { recoveryCode: code.trim() }
      : {};
    const result = await change({ currentPassword: current, newPassword: next, ...proof });
    if ('error' in result) {
      return setNote({ tone: 'error', text: apiError(result.error).message ?? messages.signIn.somethingWentWrong });
    }
    setCurrent('');
    setNext('');
    setCode('');
    setNote({ tone: 'success', text: 'Password changed. Your other sessions were ended.' });
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-label="Change password">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      {needsCode && (
        <TextField
          label="Authentication code or recovery code"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      {note && <Banner message={note} />}
      <Button type="submit" loading={isLoading} disabled={isLoading}>
        Change password
      </Button>
    </form>
  );
}

const factorLabels: Record<string, string> = {
  password: 'Password',
  totp: 'Authenticator app',
  'recovery-code': 'Recovery code',
  passkey: 'Passkey',
};

/** One's sessions: device, address, last use; any of them can be ended. */
export function SessionsList() {
  const { data, isLoading, isError } = useGetAccountSessionsQuery();
  const [end] = useEndSessionMutation();
  const [error, setError] = useState<string | null>(null);
  if (isLoading) return <p className="text-sm text-slate-400">Loading…</p>;
  if (isError || !data) return <Banner message={{ tone: 'error', text: messages.signIn.somethingWentWrong }} />;
  return (
    <div className="space-y-3">
      {error && <Banner message={{ tone: 'error', text: error }} />}
      <ul aria-label="Sessions" className="divide-y divide-slate-800">
        {data.sessions.map((s) => (
          <li key={s._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-slate-100">
                {s.userAgent ?? 'Unknown browser'}
                {s.current && <span className="ml-2 text-xs text-emerald-300">This browser</span>}
              </p>
              <p className="text-slate-400">
                {s.ip ?? 'Unknown address'} · {factorLabels[s.factor ?? ''] ?? 'Password'} · Last used{' '}
                {formatDateTime(s.lastSeenAt)}
              </p>
            </div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={s.current ? 'End this session' : `End session ${s.userAgent ?? s._id}`}
              onClick={async () => {
                const result = await end(s._id);
                setError(
                  'error' in result ? (apiError(result.error).message ?? twoFactorMessages.sessionNotFound) : null,
                );
              }}
            >
              End session
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
