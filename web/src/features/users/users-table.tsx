import { Link } from 'react-router';
import { formatUserId, userMessages, type ListedUser } from '@backoffice/contract';
import { BadgeCheck, Eye, SearchX, Trash2 } from 'lucide-react';
import { ActionsCell, DataTable, cx, focusRing, tdClass, type Column } from '../../components/ui';
import { paths } from '../../lib/paths';
import { notAllowedReason, useCan } from '../../lib/permissions';
import { UserAvatar } from './user-avatar';
import { displayName, formatUserDate } from './user-format';

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
  const canDelete = useCan('users.delete');
  // The ad counts (also on the user's panel and page) give way on narrower screens, so the actions stay in view.
  const count = (k: keyof typeof countTone): Column<ListedUser> => ({
    header: k.charAt(0).toUpperCase() + k.slice(1),
    hideBelow: 'wide',
    headerClassName: 'text-right',
    className: cx('text-right font-medium tabular-nums', countTone[k]),
    cell: (u) => u.adStats[k],
  });
  const columns: Column<ListedUser>[] = [
    {
      header: 'User ID',
      ownCell: true,
      cell: (u) => (
        <td className={cx(tdClass, 'font-mono text-xs text-slate-400')} title={u._id}>
          {formatUserId(u._id)}
        </td>
      ),
    },
    { header: 'User Name', className: 'w-full max-w-0 min-w-28', cell: (u) => <NameCell user={u} /> },
    {
      header: 'Verified Mobile Number',
      headerClassName: 'whitespace-normal',
      className: 'whitespace-nowrap tabular-nums',
      cell: (u) => u.mobile?.trim() || '-',
    },
    {
      header: 'Registered Date',
      className: 'whitespace-nowrap tabular-nums',
      cell: (u) => formatUserDate(u.createdAt),
    },
    count('approved'),
    count('pending'),
    count('rejected'),
    {
      header: 'Actions',
      headerClassName: 'w-16 text-right',
      ownCell: true,
      cell: (u) => (
        <ActionsCell
          label={`Actions for user ${formatUserId(u._id)}`}
          items={[
            { label: 'View', icon: <Eye className="size-4" aria-hidden="true" />, onSelect: () => onView(u) },
            ...(u.isVerified
              ? []
              : [
                  {
                    label: 'Verify',
                    icon: <BadgeCheck className="size-4" aria-hidden="true" />,
                    onSelect: () => onVerify(u),
                  },
                ]),
            {
              label: 'Delete',
              tone: 'danger' as const,
              icon: <Trash2 className="size-4" aria-hidden="true" />,
              onSelect: () => onDelete(u),
              // Shown disabled with the reason, as on the user's page (users.delete).
              ...(canDelete ? {} : { disabled: true, hint: notAllowedReason }),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={users}
      rowKey={(u) => u._id}
      rowLabel={(u) => `${formatUserId(u._id)} ${displayName(u)}`}
      loading={loading}
      skeletonRows={10}
      empty={{ icon: <SearchX className="size-6" />, message: userMessages.emptyState }}
      selection={{
        selected,
        onToggle,
        onToggleAll,
        allLabel: 'Select all users on this page',
        rowLabel: (u) => `Select user ${formatUserId(u._id)}`,
      }}
      onOpen={onView}
    />
  );
}

/** The avatar, the name (a link to the user's page) and the username. */
function NameCell({ user }: { user: ListedUser }) {
  const name = displayName(user);
  return (
    <div className="flex items-center gap-3">
      <UserAvatar user={user} className="size-8 text-xs" />
      <div className="min-w-0">
        <Link
          to={paths.userDetail(user._id)}
          onClick={(e) => e.stopPropagation()}
          className={cx('block truncate rounded font-medium text-slate-100 hover:text-indigo-300', focusRing)}
          title={`Open the details of ${name}`}
        >
          {name}
        </Link>
        <span className="block truncate text-xs text-slate-400">@{user.username}</span>
      </div>
    </div>
  );
}
