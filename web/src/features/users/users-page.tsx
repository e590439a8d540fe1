import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { USERS_PAGE_SIZE, userConfirmText, userMessages, type ListedUser } from '@backoffice/contract';
import { Users } from 'lucide-react';
import {
  Banner,
  Button,
  Card,
  PageHeader,
  Pager,
  Panel,
  pageCount,
  usePanel,
  useTimedMessage,
} from '../../components/ui';
import { UserSidePanel } from './user-side-panel';
import { deleteFailureText, loadFailureText } from './user-messages';
import { useCountUsersQuery, useDeleteUserMutation, useListUsersQuery } from './users-api';
import { UsersTable } from './users-table';
import { UsersFilterPanel, UsersToolbar } from './users-toolbar';
import {
  BulkDeleteModal,
  BulkVerifyModal,
  adsOf,
  bulkDeleteMessage,
  bulkVerifyMessage,
  confirmName,
  useBulkDeleteUsers,
  useBulkVerifyUsers,
} from './users-bulk';
import { useUsersSelection } from './use-users-selection';
import { useUsersListState } from './use-users-list-state';
import { USER_MESSAGE_MS, type UsersPageState } from './user-shared';

/**
 * User Management (docs/product.md#user-management): advertisers, searched and paged by the server
 * (beyond the spec's static pager), with search, status and page in the URL; `?status=inactive` is
 * the verification queue (docs/decisions/0028-verification-queue-and-confirmations.md).
 */
export function UsersPage() {
  const table = useUsersListState();
  const list = useListUsersQuery(table.params, { refetchOnMountOrArgChange: true });
  // The card counts every advertiser, also while a search or status narrows the table.
  const narrowed = !!table.q || table.status !== 'all';
  const everyone = useListUsersQuery({ role: 'advertiser', page: 1, pageSize: 1 }, { skip: !narrowed });
  const users = list.currentData?.users ?? [];
  const loading = list.currentData === undefined && list.isFetching;
  // A search's total comes from a count call when the page does not show the end of the matches;
  // it is cached per search, so paging through the results counts once.
  const countNeeded = list.currentData?.total === null;
  const counted = useCountUsersQuery(
    { role: table.params.role, q: table.params.q, status: table.params.status },
    { skip: !countNeeded },
  );
  const total = (countNeeded ? counted.currentData?.total : list.currentData?.total) ?? 0;
  const allTotal = (narrowed ? everyone.data?.total : list.currentData?.total) ?? undefined;
  const totalKnown = list.currentData !== undefined && (!countNeeded || counted.currentData !== undefined);

  const result = useTimedMessage(USER_MESSAGE_MS);
  const [deleteUser] = useDeleteUserMutation();
  const selection = useUsersSelection(users);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const bulkDelete = useBulkDeleteUsers();
  const bulkVerify = useBulkVerifyUsers();
  const [confirm, setConfirm] = useState<'delete' | 'verify' | null>(null);
  const toVerify = selection.users.filter((u) => !u.isVerified);

  // A delete on the detail page comes back here with its success message.
  const location = useLocation();
  const navigate = useNavigate();
  const { show } = result;
  useEffect(() => {
    if ((location.state as UsersPageState)?.deleted) {
      show('success', userMessages.deleted);
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location.state, location.pathname, location.search, navigate, show]);

  // The panel keeps its user while it slides out, then forgets it.
  const { panel, show: showPanel, close: closePanel } = usePanel<{ user: ListedUser }>();
  const openPanel = (user: ListedUser) => showPanel({ user });

  async function remove(user: ListedUser) {
    // docs/product.md#error-catalogue: a browser confirm precedes delete; it names the user and their ads.
    const named = userConfirmText.deleteOneWith(confirmName(user), adsOf([user]));
    if (!window.confirm(`${userMessages.deleteConfirm}\n\n${named}`)) return;
    const outcome = await deleteUser(user._id);
    if ('error' in outcome) {
      result.show('error', deleteFailureText(outcome.error));
      return;
    }
    result.show('success', userMessages.deleted);
    selection.drop([user._id]);
    if (panel?.user._id === user._id) closePanel();
  }

  /** The row's Verify: no confirmation (Edit turns it back), the outcome in the result line. */
  async function verify(user: ListedUser) {
    const { results } = await bulkVerify.run([user._id]);
    const [outcome] = results;
    if (outcome?.ok) {
      result.show('success', userConfirmText.verified(confirmName(user)));
      selection.markVerified([user._id]);
    } else result.show('error', `${userConfirmText.verifyFailed}\n${outcome?.message ?? ''}`.trim());
  }

  async function removeSelected() {
    const { results } = await bulkDelete.run([...selection.ids]);
    setConfirm(null);
    const message = bulkDeleteMessage(results);
    result.show(message.tone, message.text);
    const gone = new Set(results.filter((r) => r.ok).map((r) => r.id));
    selection.drop(gone);
    if (panel && gone.has(panel.user._id)) closePanel();
  }

  async function verifySelected() {
    const { results } = await bulkVerify.run(toVerify.map((u) => u._id));
    setConfirm(null);
    const message = bulkVerifyMessage(results);
    result.show(message.tone, message.text);
    selection.markVerified(results.filter((r) => r.ok).map((r) => r.id));
  }

  // A page past the end (its last user was deleted): show the new last page.
  const lastPage = pageCount(total, USERS_PAGE_SIZE);
  const pastEnd = list.currentData !== undefined && users.length === 0 && total > 0 && table.page > lastPage;
  const { setPage } = table;
  useEffect(() => {
    if (pastEnd) setPage(lastPage);
  }, [pastEnd, lastPage, setPage]);

  return (
    <>
      <PageHeader title="User Management" />
      <section aria-label="User counts" className="mb-6 grid grid-cols-2 gap-4 xl:grid-cols-4">
        <Card
          label="Total Users"
          value={allTotal === undefined ? '…' : allTotal.toLocaleString('en-LK')}
          icon={<Users className="size-5" />}
        />
      </section>

      <div className="mb-4 space-y-2 empty:hidden" aria-live="polite">
        {result.message && <Banner message={result.message} onDismiss={result.clear} />}
      </div>

      <Panel flush className="overflow-hidden">
        <UsersToolbar
          searchText={table.searchText}
          onSearch={table.setSearch}
          status={table.status}
          onStatus={table.setStatus}
          q={table.q}
          total={totalKnown ? total : undefined}
          filtersOpen={filtersOpen}
          filtersId={filtersId}
          onToggleFilters={() => setFiltersOpen((o) => !o)}
          selectedCount={selection.ids.size}
          verifiableCount={toVerify.length}
          onBulkDelete={() => setConfirm('delete')}
          onBulkVerify={() => setConfirm('verify')}
        />
        {filtersOpen && <UsersFilterPanel id={filtersId} status={table.status} onStatus={table.setStatus} />}
        {list.isError && !list.currentData && !list.isFetching ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 border-t border-slate-800 px-4 py-14 text-center"
          >
            <p className="text-slate-300">{loadFailureText(list.error)}</p>
            <Button variant="secondary" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="border-t border-slate-800">
            <UsersTable
              users={users}
              loading={loading}
              selected={selection.ids}
              onToggle={selection.toggle}
              onToggleAll={selection.toggleAll}
              onView={openPanel}
              onVerify={(user) => void verify(user)}
              onDelete={remove}
            />
          </div>
        )}
        {total > 0 && (
          <div className="border-t border-slate-800">
            <Pager page={table.page} pageSize={USERS_PAGE_SIZE} total={total} onPageChange={table.setPage} />
          </div>
        )}
      </Panel>

      {confirm === 'delete' && (
        <BulkDeleteModal
          users={selection.users}
          busy={bulkDelete.busy}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void removeSelected()}
        />
      )}
      {confirm === 'verify' && (
        <BulkVerifyModal
          users={toVerify}
          busy={bulkVerify.busy}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void verifySelected()}
        />
      )}
      {panel && <UserSidePanel key={panel.user._id} user={panel.user} open={panel.open} onClose={closePanel} />}
    </>
  );
}
