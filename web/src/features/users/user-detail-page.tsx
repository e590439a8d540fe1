import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import { userConfirmText, userMessages, type PublicUser } from '@backoffice/contract';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { Banner, Button, Modal, PageHeader, Panel, useTimedMessage } from '../../components/ui';
import { paths } from '../../lib/paths';
import { selectCurrentUser, updateUserFailure, updateUserStart, updateUserSuccess } from '../../lib/session-events';
import { UserDecisions } from './user-decisions';
import { UserMessages } from './user-messages-list';
import { UserStrikes } from './user-strikes';
import { notAllowedReason, useCan } from '../../lib/permissions';
import { ResetTwoFactorButton } from './reset-two-factor-button';
import { UserEditModal } from './user-edit-modal';
import { deleteFailureText, detailFailureText } from './user-messages';
import { UserAdStats, UserProfile } from './user-profile';
import { useDeleteUserMutation, useGetUserQuery } from './users-api';
import { USER_MESSAGE_MS, type UsersPageState } from './user-shared';

/** User detail (docs/product.md#user-detail): profile, ad statistics, Edit and Delete. */
export function UserDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const currentUser = useSelector(selectCurrentUser);
  const query = useGetUserQuery(id, { refetchOnMountOrArgChange: true });
  const [deleteUser, { isLoading: deleting }] = useDeleteUserMutation();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const message = useTimedMessage(USER_MESSAGE_MS);

  const data = query.currentData;
  const user = data?.user;
  const self = user !== undefined && currentUser?._id === user._id;
  // What the role allows (docs/decisions/0033-roles.md); the server refuses the rest anyway.
  const canEdit = useCan('users.edit');
  const canDelete = useCan('users.delete');

  function saved(updated: PublicUser) {
    // docs/product.md#states-and-transitions: the signed-in admin's own record is the session's currentUser.
    if (self) dispatch(updateUserSuccess(updated));
    setDialog(null);
    message.show('success', userMessages.updated);
  }

  async function confirmDelete() {
    if (!user) return;
    const result = await deleteUser(user._id);
    if ('error' in result) {
      setDialog(null);
      message.show('error', deleteFailureText(result.error));
      return;
    }
    navigate(paths.users, { state: { deleted: true } satisfies UsersPageState });
  }

  const back = (
    <Button
      variant="ghost"
      icon={<ArrowLeft className="size-4" aria-hidden="true" />}
      onClick={() => navigate(paths.users)}
      className="-ml-3 mb-4"
    >
      Back
    </Button>
  );

  if (!user) {
    const failed = query.isError && !query.isFetching;
    return (
      <>
        {back}
        <PageHeader title="User Details" />
        {failed ? (
          <Panel role="alert" className="flex flex-col items-center gap-3 py-14 text-center">
            <p className="text-slate-300">{detailFailureText(query.error)}</p>
            {detailFailureText(query.error) === userMessages.fetchUserFailed && (
              <Button variant="secondary" size="sm" onClick={() => query.refetch()}>
                Try again
              </Button>
            )}
          </Panel>
        ) : (
          <Panel aria-busy="true" aria-label="Loading user" className="h-64 animate-pulse bg-slate-900/60" />
        )}
      </>
    );
  }

  return (
    <>
      {back}
      <PageHeader
        title="User Details"
        actions={
          <>
            <Button
              variant="secondary"
              icon={<Pencil className="size-4" aria-hidden="true" />}
              disabled={!canEdit}
              title={canEdit ? undefined : notAllowedReason}
              onClick={() => setDialog('edit')}
            >
              Edit
            </Button>
            {user.isAdmin && !self && canEdit && (
              <ResetTwoFactorButton userId={user._id} onDone={(tone, text) => message.show(tone, text)} />
            )}
            <Button
              variant="danger"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              disabled={self || !canDelete}
              title={self ? userMessages.cannotDeleteSelf : canDelete ? undefined : notAllowedReason}
              onClick={() => setDialog('delete')}
            >
              Delete
            </Button>
          </>
        }
      />
      <div className="mb-4 space-y-2 empty:hidden" aria-live="polite">
        {message.message && <Banner message={message.message} onDismiss={message.clear} />}
      </div>
      <UserProfile user={user} />
      {!user.isAdmin && <UserAdStats adStats={data.adStats} />}
      {!user.isAdmin && <UserStrikes userId={user._id} />}
      {!user.isAdmin && <UserDecisions userId={user._id} />}
      {!user.isAdmin && <UserMessages userId={user._id} />}

      {dialog === 'edit' && (
        <UserEditModal
          user={user}
          self={self}
          onClose={() => setDialog(null)}
          onSaved={saved}
          onStart={self ? () => dispatch(updateUserStart()) : undefined}
          onFailure={self ? (m) => dispatch(updateUserFailure(m)) : undefined}
        />
      )}
      {dialog === 'delete' && (
        <Modal
          title="Delete User"
          onClose={() => !deleting && setDialog(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setDialog(null)} disabled={deleting}>
                Cancel
              </Button>
              <Button variant="danger" onClick={confirmDelete} loading={deleting} disabled={deleting}>
                Delete
              </Button>
            </>
          }
        >
          <p>{userMessages.deleteConfirm}</p>
          <p className="mt-2">
            {userConfirmText.deleteOneWith(
              `${user.name?.trim() || user.username} (@${user.username})`,
              data.adStats.approved + data.adStats.pending + data.adStats.rejected,
            )}
          </p>
        </Modal>
      )}
    </>
  );
}
