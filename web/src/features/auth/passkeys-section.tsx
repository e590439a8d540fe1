import { useState, type FormEvent } from 'react';
import { messages, PASSKEY_NAME_MAX, twoFactorMessages } from '@backoffice/contract';
import { Banner, Button, TextField, type BannerMessage } from '../../components/ui';
import { apiError } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import {
  useAddPasskeyMutation,
  useGetPasskeysQuery,
  usePasskeyOptionsMutation,
  useRemovePasskeyMutation,
} from './account-api';
import { createPasskey } from './passkey-client';

/**
 * One's passkeys (docs/decisions/0032-two-factor.md, Passkeys): add one with a name (the browser
 * asks the authenticator), see when each was added and last used, remove one after a confirmation.
 */
export function PasskeysSection() {
  const { data, isLoading, isError } = useGetPasskeysQuery();
  const [getOptions] = usePasskeyOptionsMutation();
  const [add] = useAddPasskeyMutation();
  const [remove] = useRemovePasskeyMutation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<BannerMessage | null>(null);
  const failed = (error: unknown) =>
    setNote({ tone: 'error', text: apiError(error as never).message ?? messages.signIn.somethingWentWrong });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > PASSKEY_NAME_MAX)
      return setNote({ tone: 'error', text: twoFactorMessages.passkeyName });
    setBusy(true);
    setNote(null);
    try {
      const options = await getOptions();
      if ('error' in options) return failed(options.error);
      const created = await createPasskey(options.data.options);
      if (!created.ok) return setNote({ tone: 'error', text: created.message });
      const result = await add({ name: trimmed, response: created.data });
      if ('error' in result) return failed(result.error);
      setName('');
      setNote({ tone: 'success', text: `Passkey “${result.data.passkey.name}” added.` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-300">
        A passkey signs you in with this device&apos;s screen lock or a security key: after your password, or alone.
      </p>
      {isLoading ? (
        <p className="text-sm text-slate-400">Loading…</p>
      ) : isError || !data?.passkeys ? (
        <Banner message={{ tone: 'error', text: messages.signIn.somethingWentWrong }} />
      ) : data.passkeys.length === 0 ? (
        <p className="text-sm text-slate-400">No passkeys yet.</p>
      ) : (
        <ul aria-label="Passkeys" className="divide-y divide-slate-800">
          {data.passkeys.map((p) => (
            <li key={p._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium text-slate-100">{p.name}</p>
                <p className="text-slate-400">
                  Added {formatDateTime(p.createdAt)} · Last used{' '}
                  {p.lastUsedAt ? formatDateTime(p.lastUsedAt) : 'never'}
                </p>
              </div>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                aria-label={`Remove passkey ${p.name}`}
                onClick={async () => {
                  if (!window.confirm(`Remove the passkey “${p.name}”? It will no longer sign you in.`)) return;
                  const result = await remove(p._id);
                  if ('error' in result) return failed(result.error);
                  setNote({ tone: 'success', text: `Passkey “${p.name}” removed.` });
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="flex max-w-md flex-wrap items-end gap-3" noValidate aria-label="Add a passkey" onSubmit={submit}>
        <div className="min-w-0 flex-1">
          <TextField
            label="Passkey name"
            placeholder="Work laptop"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={busy}
          />
        </div>
        <Button type="submit" loading={busy} disabled={busy}>
          Add a passkey
        </Button>
      </form>
      {note && <Banner message={note} />}
    </div>
  );
}
