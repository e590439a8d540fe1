import {
  exportText,
  formatUserId,
  MAX_BULK_USER_IDS,
  userConfirmText,
  type ListedUser,
  type UserBulkDeleteResponse,
  type UserBulkVerifyResponse,
  type UserExportParams,
} from '@backoffice/contract';
import { Button, ConfirmDeleteModal, Modal, type BannerMessage } from '../../components/ui';
import { serverMessage } from '../../lib/api';
import { usersApi } from './users-api';
import { displayName } from './user-format';

/** Bulk delete and bulk verify refresh the list (tag `Users`) like a single change. */
const bulkApi = usersApi.injectEndpoints({
  endpoints: (build) => ({
    bulkDeleteUsers: build.mutation<UserBulkDeleteResponse, { ids: string[] }>({
      query: (body) => ({ url: '/users/bulk-delete', method: 'POST', body }),
      invalidatesTags: ['Users'],
    }),
    bulkVerifyUsers: build.mutation<UserBulkVerifyResponse, { ids: string[] }>({
      query: (body) => ({ url: '/users/bulk-verify', method: 'POST', body }),
      invalidatesTags: ['Users', 'User'],
    }),
  }),
});
export const { useBulkDeleteUsersMutation, useBulkVerifyUsersMutation } = bulkApi;

/** GET /api/users/export for the table's current search and status. */
export function userExportUrl(params: { q?: string; status?: UserExportParams['status'] }): string {
  const search = new URLSearchParams({ format: 'csv' });
  if (params.q) search.set('q', params.q);
  if (params.status && params.status !== 'all') search.set('status', params.status);
  return `/api/users/export?${search}`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type BulkResult = UserBulkDeleteResponse['results'][number];

/** "{n} … {m} failed." and, one per line, why each failed one was refused. */
function bulkMessage(results: readonly BulkResult[], head: (ok: number, failed: number) => string, fallback: string) {
  const failed = results.filter((r) => !r.ok);
  const ok = results.length - failed.length;
  const reasons = failed.map((r) => `${formatUserId(r.id)}: ${r.message ?? fallback}`);
  const tone: BannerMessage['tone'] = failed.length === 0 ? 'success' : ok === 0 ? 'error' : 'warning';
  return { tone, text: [head(ok, failed.length), ...reasons].join('\n') };
}

export const bulkDeleteMessage = (results: readonly BulkResult[]): BannerMessage =>
  bulkMessage(results, exportText.bulkDeleted, 'Failed to delete user');
export const bulkVerifyMessage = (results: readonly BulkResult[]): BannerMessage =>
  bulkMessage(results, userConfirmText.bulkVerified, userConfirmText.verifyFailed);

/** Sends the ids 100 per call; a call that fails outright counts each of its ids as failed. */
function useBulkRunner(
  [send, state]: ReturnType<typeof useBulkDeleteUsersMutation> | ReturnType<typeof useBulkVerifyUsersMutation>,
  fallback: string,
) {
  async function run(ids: readonly string[]): Promise<{ results: BulkResult[]; error: unknown }> {
    const results: BulkResult[] = [];
    let error: unknown = null;
    for (const batch of chunks(ids, MAX_BULK_USER_IDS)) {
      const answer = await send({ ids: batch });
      if ('error' in answer) {
        error = answer.error;
        const message = serverMessage(answer.error, fallback);
        batch.forEach((id) => results.push({ id, ok: false, message }));
      } else results.push(...answer.data.results);
    }
    return { results, error };
  }
  return { run, busy: state.isLoading };
}

export const useBulkDeleteUsers = () => useBulkRunner(useBulkDeleteUsersMutation(), 'Failed to delete user');
export const useBulkVerifyUsers = () => useBulkRunner(useBulkVerifyUsersMutation(), userConfirmText.verifyFailed);

/** A user as confirmations name them: "Nimal Perera (@nimal.perera)". */
export const confirmName = (user: Pick<ListedUser, 'name' | 'username'>) => `${displayName(user)} (@${user.username})`;

/** The ads a delete of these users takes with it, as their rows counted them. */
export const adsOf = (users: readonly ListedUser[]) =>
  users.reduce((n, u) => n + u.adStats.approved + u.adStats.pending + u.adStats.rejected, 0);

/** Up to five names, then "and N more". */
function NameList({ users }: { users: readonly ListedUser[] }) {
  const shown = users.slice(0, userConfirmText.namesShown);
  const more = users.length - shown.length;
  return (
    <ul aria-label="Selected users" className="my-3 list-disc space-y-0.5 pl-5 text-slate-200">
      {shown.map((u) => (
        <li key={u._id}>{confirmName(u)}</li>
      ))}
      {more > 0 && <li className="list-none text-slate-400">{userConfirmText.andMore(more)}</li>}
    </ul>
  );
}

/** The confirmation naming the users that go (five, then "and N more") and how many ads go with them. */
export function BulkDeleteModal({
  users,
  busy,
  onCancel,
  onConfirm,
}: {
  users: readonly ListedUser[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDeleteModal
      title={userConfirmText.deleteManyTitle(users.length)}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <NameList users={users} />
      <p>{userConfirmText.deleteMany(adsOf(users))}</p>
    </ConfirmDeleteModal>
  );
}

/** The bulk Verify's confirmation: the advertisers it names, five and "and N more". */
export function BulkVerifyModal({
  users,
  busy,
  onCancel,
  onConfirm,
}: {
  users: readonly ListedUser[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      title={userConfirmText.verifyManyTitle(users.length)}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button data-autofocus onClick={onConfirm} loading={busy} disabled={busy}>
            Verify
          </Button>
        </>
      }
    >
      <NameList users={users} />
      <p>{userConfirmText.verifyMany}</p>
    </Modal>
  );
}
