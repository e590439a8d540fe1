import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatUserId, userMessages, type ListedUser } from '@backoffice/contract';
import { BadgeCheck, Eye, SearchX, Trash2 } from 'lucide-react';
import {
  ActionsCell,
  EmptyState,
  SelectAllHeader,
  SelectCell,
  SkeletonRows,
  TableFrame,
  Th,
  cx,
  focusRing,
  rowClass,
  tdClass,
  theadClass,
} from '../../components/ui';
import { paths } from '../../lib/paths';
import { notAllowedReason, useCan } from '../../lib/permissions';
import { UserAvatar } from './user-avatar';
import { displayName, formatUserDate } from './user-format';

// The ad counts (also on the user's panel and page) give way on narrower screens, so the actions stay in view.
const wideOnly = 'hidden min-[1400px]:table-cell';
const COLUMNS = 9;

export interface UsersTableProps {
  users: ListedUser[];
  /** No rows for the current view yet: skeletons. */
  loading: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onView: (user: ListedUser) => void;
  /** The verification queue's Verify, offered on advertisers not verified yet. */
  onVerify: (user: ListedUser) => void;
  onDelete: (user: ListedUser) => void;
}

const countTone = {
  approved: 'text-emerald-300',
  pending: 'text-amber-300',
  rejected: 'text-rose-300',
} as const;

/**
 * The advertiser table of docs/product.md#user-management: checkbox, User ID (first 5), User Name, Verified Mobile
 * Number, Registered Date, the three ad counts (from the page's one query) and the row menu (View,
 * Verify for an unverified advertiser, Delete). A row click (or Enter) views the
 * user in the side panel; the name links to the user detail page.
 */
export function UsersTable({
  users,
  loading,
  selected,
  onToggle,
  onToggleAll,
  onView,
  onVerify,
  onDelete,
}: UsersTableProps) {
  const allSelected = users.length > 0 && users.every((u) => selected.has(u._id));
  const canDelete = useCan('users.delete');

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, user: ListedUser) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onView(user);
    }
  }

  return (
    <TableFrame label="Users" busy={loading}>
      <thead className={theadClass}>
        <tr>
          <SelectAllHeader
            label="Select all users on this page"
            checked={allSelected}
            disabled={loading || users.length === 0}
            onChange={onToggleAll}
          />
          <Th>User ID</Th>
          <Th>User Name</Th>
          <Th className="whitespace-normal">Verified Mobile Number</Th>
          <Th>Registered Date</Th>
          <Th className={cx(wideOnly, 'text-right')}>Approved</Th>
          <Th className={cx(wideOnly, 'text-right')}>Pending</Th>
          <Th className={cx(wideOnly, 'text-right')}>Rejected</Th>
          <Th className="w-16 text-right">Actions</Th>
        </tr>
      </thead>
      <tbody className="text-slate-200">
        {loading ? (
          <SkeletonRows rows={10} columns={COLUMNS} />
        ) : users.length === 0 ? (
          <EmptyState columns={COLUMNS} icon={<SearchX className="size-6" />} message={userMessages.emptyState} />
        ) : (
          users.map((user) => {
            const id = formatUserId(user._id);
            const name = displayName(user);
            return (
              <tr
                key={user._id}
                tabIndex={0}
                aria-label={`${id} ${name}`}
                onClick={() => onView(user)}
                onKeyDown={(e) => onRowKeyDown(e, user)}
                className={cx(
                  rowClass,
                  'cursor-pointer focus-visible:bg-slate-800/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500',
                  selected.has(user._id) && 'bg-indigo-500/5',
                )}
              >
                <SelectCell
                  label={`Select user ${id}`}
                  checked={selected.has(user._id)}
                  onChange={() => onToggle(user._id)}
                />
                <td className={cx(tdClass, 'font-mono text-xs text-slate-400')} title={user._id}>
                  {id}
                </td>
                <td className={cx(tdClass, 'w-full max-w-0 min-w-28')}>
                  <div className="flex items-center gap-3">
                    <UserAvatar user={user} className="size-8 text-xs" />
                    <div className="min-w-0">
                      <Link
                        to={paths.userDetail(user._id)}
                        onClick={(e) => e.stopPropagation()}
                        className={cx(
                          'block truncate rounded font-medium text-slate-100 hover:text-indigo-300',
                          focusRing,
                        )}
                        title={`Open the details of ${name}`}
                      >
                        {name}
                      </Link>
                      <span className="block truncate text-xs text-slate-400">@{user.username}</span>
                    </div>
                  </div>
                </td>
                <td className={cx(tdClass, 'whitespace-nowrap tabular-nums')}>{user.mobile?.trim() || '-'}</td>
                <td className={cx(tdClass, 'whitespace-nowrap tabular-nums')}>{formatUserDate(user.createdAt)}</td>
                {(['approved', 'pending', 'rejected'] as const).map((k) => (
                  <td key={k} className={cx(tdClass, wideOnly, 'text-right font-medium tabular-nums', countTone[k])}>
                    {user.adStats[k]}
                  </td>
                ))}
                <ActionsCell
                  label={`Actions for user ${id}`}
                  items={[
                    {
                      label: 'View',
                      icon: <Eye className="size-4" aria-hidden="true" />,
                      onSelect: () => onView(user),
                    },
                    ...(user.isVerified
                      ? []
                      : [
                          {
                            label: 'Verify',
                            icon: <BadgeCheck className="size-4" aria-hidden="true" />,
                            onSelect: () => onVerify(user),
                          },
                        ]),
                    {
                      label: 'Delete',
                      tone: 'danger' as const,
                      icon: <Trash2 className="size-4" aria-hidden="true" />,
                      onSelect: () => onDelete(user),
                      // Shown disabled with the reason, as on the user's page (users.delete).
                      ...(canDelete ? {} : { disabled: true, hint: notAllowedReason }),
                    },
                  ]}
                />
              </tr>
            );
          })
        )}
      </tbody>
    </TableFrame>
  );
}
