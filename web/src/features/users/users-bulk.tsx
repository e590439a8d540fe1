import {
  exportText,
  formatUserId,
  MAX_BULK_USER_IDS,
  type UserBulkDeleteResponse,
  type UserExportParams,
} from '@backoffice/contract';
import { ConfirmDeleteModal, type BannerMessage } from '../../components/ui';
import { serverMessage } from '../../lib/api';
import { usersApi } from './users-api';

/** Bulk delete refreshes the list (tag `Users`) like a single delete. */
const bulkApi = usersApi.injectEndpoints({
  endpoints: (build) => ({
    bulkDeleteUsers: build.mutation<UserBulkDeleteResponse, { ids: string[] }>({
      query: (body) => ({ url: '/users/bulk-delete', method: 'POST', body }),
      invalidatesTags: ['Users'],
    }),
  }),
});
export const { useBulkDeleteUsersMutation } = bulkApi;

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

type Result = UserBulkDeleteResponse['results'][number];

/** "{n} user(s) deleted successfully. {m} failed." and, one per line, why each failed one was refused. */
export function bulkDeleteMessage(results: readonly Result[]): BannerMessage {
  const failed = results.filter((r) => !r.ok);
  const ok = results.length - failed.length;
  const reasons = failed.map((r) => `${formatUserId(r.id)}: ${r.message ?? 'Failed to delete user'}`);
  return {
    tone: failed.length === 0 ? 'success' : ok === 0 ? 'error' : 'warning',
    text: [exportText.bulkDeleted(ok, failed.length), ...reasons].join('\n'),
  };
}

/** Deletes the ids 100 per call; a call that fails outright counts each of its ids as failed. */
export function useBulkDeleteUsers() {
  const [bulkDelete, state] = useBulkDeleteUsersMutation();
  async function run(ids: readonly string[]): Promise<{ results: Result[]; error: unknown }> {
    const results: Result[] = [];
    let error: unknown = null;
    for (const batch of chunks(ids, MAX_BULK_USER_IDS)) {
      const answer = await bulkDelete({ ids: batch });
      if ('error' in answer) {
        error = answer.error;
        const message = serverMessage(answer.error, 'Failed to delete user');
        batch.forEach((id) => results.push({ id, ok: false, message }));
      } else results.push(...answer.data.results);
    }
    return { results, error };
  }
  return { run, busy: state.isLoading };
}

/** The confirmation naming how many users go, and that their ads go with them. */
export function BulkDeleteModal({
  count,
  busy,
  onCancel,
  onConfirm,
}: {
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDeleteModal title="Delete Users" busy={busy} onCancel={onCancel} onConfirm={onConfirm}>
      <p>{exportText.bulkDeleteConfirm(count)}</p>
    </ConfirmDeleteModal>
  );
}
