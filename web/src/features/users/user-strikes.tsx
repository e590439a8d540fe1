import { useState } from 'react';
import { Link } from 'react-router';
import { strikeMessages, type Strike } from '@backoffice/contract';
import { Badge, Banner, Button, Modal, Panel, TextAreaField, cx, focusRing } from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { apiError, serverMessage } from '../../lib/api';
import { adLink } from '../../lib/activity-format';
import { formatDate } from '../../lib/dates';
import { useRemoveStrikeMutation, useUserStrikesQuery } from '../../lib/strikes-api';
import { useNow } from '../../lib/use-now';

const linkClass = cx('rounded font-medium text-indigo-300 hover:text-indigo-200', focusRing);

/**
 * The advertiser's strikes (docs/decisions/0035-strikes-and-languages.md): how many are active, the
 * repeat offender badge, each strike with its ad, reason and expiry, and Remove with a note.
 */
export function UserStrikes({ userId }: { userId: string }) {
  const query = useUserStrikesQuery(userId, { refetchOnMountOrArgChange: true });
  const [removing, setRemoving] = useState<Strike | null>(null);
  const strikes = query.currentData;
  const now = useNow(60_000);
  // Removing a strike is ads.moderate (support only reads, docs/decisions/0033-roles.md).
  const canRemove = useCan('ads.moderate');
  return (
    <Panel className="mt-6" aria-label="Strikes">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold text-slate-100">Strikes</h2>
        {strikes && (
          <span className="text-sm text-slate-400">
            {strikes.active} active · each expires after {strikes.expiryDays} days
          </span>
        )}
        {strikes?.repeatOffender && <Badge tone="rose">{strikeMessages.repeatOffender}</Badge>}
      </div>
      {query.isError ? (
        <p className="mt-3 text-sm text-rose-300">Failed to load the strikes</p>
      ) : !strikes ? (
        <p className="mt-3 text-sm text-slate-400">Loading…</p>
      ) : strikes.list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No strikes</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-800" aria-label="Strikes list">
          {strikes.list.map((s) => {
            const expired = new Date(s.expiresAt).getTime() <= now;
            return (
              <li key={s._id} className="flex flex-wrap items-start gap-3 py-2 text-sm">
                <div className="min-w-0 flex-1">
                  <Link to={adLink(s.adId, s.heading)} className={linkClass}>
                    {s.heading}
                  </Link>
                  <p className="break-words whitespace-pre-wrap text-slate-300">{s.reason}</p>
                  <p className="text-xs text-slate-400">
                    Rejected {formatDate(s.at)} · {expired ? 'Expired' : 'Expires'} {formatDate(s.expiresAt)}
                  </p>
                </div>
                {canRemove && (
                  <Button variant="secondary" size="sm" onClick={() => setRemoving(s)}>
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {removing && <RemoveStrikeModal userId={userId} strike={removing} onClose={() => setRemoving(null)} />}
    </Panel>
  );
}

function RemoveStrikeModal({ userId, strike, onClose }: { userId: string; strike: Strike; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [remove, { isLoading }] = useRemoveStrikeMutation();
  async function confirm() {
    if (!note.trim()) return setError(strikeMessages.noteRequired);
    setFailure(null);
    const result = await remove({ userId, adId: strike.adId, note: note.trim() });
    if ('error' in result) {
      setError(apiError(result.error).errors?.note ?? null);
      setFailure(serverMessage(result.error, strikeMessages.removeFailed));
      return;
    }
    onClose();
  }
  return (
    <Modal
      title="Remove strike"
      onClose={() => !isLoading && onClose()}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={isLoading} disabled={isLoading}>
            Remove strike
          </Button>
        </>
      }
    >
      {failure && <Banner message={{ tone: 'error', text: failure }} />}
      <p className="mb-3">The strike for “{strike.heading}” will no longer count. Say why in a note.</p>
      <TextAreaField
        data-autofocus
        label="Note"
        value={note}
        error={error}
        onChange={(e) => {
          setNote(e.target.value);
          setError(null);
        }}
      />
    </Modal>
  );
}
