import { useNavigate } from 'react-router';
import { formatUserId, type ListedUser } from '@backoffice/contract';
import { ExternalLink } from 'lucide-react';
import { Badge, Button, SidePanel, Detail, ViewPanelFooter } from '../../components/ui';
import { paths } from '../../lib/paths';
import { UserAvatar } from './user-avatar';
import { displayName, formatUserDate } from './user-format';

const counts = [
  { key: 'approved', label: 'Approved', tone: 'text-emerald-300 border-emerald-500/30 bg-emerald-500/10' },
  { key: 'pending', label: 'Pending', tone: 'text-amber-300 border-amber-500/30 bg-amber-500/10' },
  { key: 'rejected', label: 'Rejected', tone: 'text-rose-300 border-rose-500/30 bg-rose-500/10' },
] as const;

/**
 * The View panel of docs/product.md#user-management: user name, verified mobile, registration date, the three counts and,
 * when present, mobile2 and WhatsApp. Its footer opens the user detail page.
 */
export function UserSidePanel({ user, open, onClose }: { user: ListedUser; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <SidePanel
      title="User Details"
      open={open}
      onRequestClose={onClose}
      footer={
        <ViewPanelFooter onClose={onClose}>
          <Button
            icon={<ExternalLink className="size-4" aria-hidden="true" />}
            onClick={() => navigate(paths.userDetail(user._id))}
          >
            Open user page
          </Button>
        </ViewPanelFooter>
      }
    >
      <div className="flex items-center gap-4">
        <UserAvatar user={user} className="size-14 text-lg" />
        <div className="min-w-0">
          <p className="font-mono text-xs text-slate-400">{formatUserId(user._id)}</p>
          <h3 className="mt-0.5 truncate text-lg font-semibold text-slate-100">{displayName(user)}</h3>
          <p className="truncate text-sm text-slate-400">@{user.username}</p>
        </div>
        {!user.isVerified && (
          <Badge tone="rose" className="ml-auto">
            Inactive
          </Badge>
        )}
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-x-4 gap-y-4">
        <Detail label="User name" valueClassName="tabular-nums">
          {displayName(user)}
        </Detail>
        <Detail label="Verified mobile" valueClassName="tabular-nums">
          {user.mobile?.trim() || '-'}
        </Detail>
        <Detail label="Registration date" valueClassName="tabular-nums">
          {formatUserDate(user.createdAt)}
        </Detail>
        <Detail label="Email" valueClassName="tabular-nums">
          {user.email}
        </Detail>
        {user.mobile2 && (
          <Detail label="Mobile 2" valueClassName="tabular-nums">
            {user.mobile2}
          </Detail>
        )}
        {user.whatsapp && (
          <Detail label="WhatsApp" valueClassName="tabular-nums">
            {user.whatsapp}
          </Detail>
        )}
      </dl>

      <h4 className="mt-6 mb-3 text-sm font-semibold text-slate-200">Advertisements</h4>
      <dl className="grid grid-cols-3 gap-3">
        {counts.map(({ key, label, tone }) => (
          <div key={key} className={`rounded-lg border px-3 py-3 text-center ${tone}`}>
            <dt className="text-xs font-medium tracking-wide uppercase">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{user.adStats[key]}</dd>
          </div>
        ))}
      </dl>
    </SidePanel>
  );
}
