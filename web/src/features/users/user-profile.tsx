import type { ReactNode } from 'react';
import type { AdStats, PublicUser } from '@backoffice/contract';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Badge, Detail, Panel } from '../../components/ui';
import { UserAvatar } from './user-avatar';
import { displayName, formatUserDate, joinDateOf } from './user-format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Detail label={label} className="rounded-lg border border-slate-800 bg-slate-950/40 px-4 py-3">
      {children}
    </Detail>
  );
}

/**
 * The user detail card (docs/product.md#user-detail): picture or placeholder, name or username, Active/Inactive and
 * Admin badges, username, email, mobile (Not set), join date, verified, account type.
 */
export function UserProfile({ user }: { user: PublicUser }) {
  return (
    <Panel className="p-6">
      <div className="flex flex-wrap items-center gap-5">
        <UserAvatar user={user} className="size-24 text-2xl" />
        <div className="min-w-0">
          <h2 className="truncate text-2xl font-semibold text-slate-100">{displayName(user)}</h2>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone={user.isVerified ? 'emerald' : 'rose'}>{user.isVerified ? 'Active' : 'Inactive'}</Badge>
            {user.isAdmin && <Badge tone="violet">Admin</Badge>}
          </div>
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Field label="Username">{user.username}</Field>
        <Field label="Email">{user.email}</Field>
        <Field label="Mobile">{user.mobile?.trim() || 'Not set'}</Field>
        <Field label="Join Date">{formatUserDate(joinDateOf(user))}</Field>
        <Field label="Verified">{user.isVerified ? 'Yes' : 'No'}</Field>
        <Field label="Account Type">{user.isAdmin ? 'Admin' : 'Advertiser'}</Field>
      </dl>
    </Panel>
  );
}

const stats = [
  { key: 'approved', label: 'Approved', icon: CircleCheck, tone: 'bg-emerald-500/15 text-emerald-300' },
  { key: 'pending', label: 'Pending', icon: Clock, tone: 'bg-amber-500/15 text-amber-300' },
  { key: 'rejected', label: 'Rejected', icon: CircleX, tone: 'bg-rose-500/15 text-rose-300' },
] as const;

/** "Advertisement Statistics" (approved, pending, rejected), shown for non-admins. */
export function UserAdStats({ adStats }: { adStats: AdStats }) {
  return (
    <section aria-labelledby="user-ad-stats" className="mt-6">
      <h2 id="user-ad-stats" className="mb-3 text-lg font-semibold text-slate-100">
        Advertisement Statistics
      </h2>
      {/* One list per card: a <dl> may hold only its terms and their groups, not the card's icon. */}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {stats.map(({ key, label, icon: Icon, tone }) => (
          <Panel key={key} className="flex items-center justify-between gap-4">
            <dl>
              <dt className="text-sm font-medium text-slate-400">{label}</dt>
              <dd className="mt-2 text-3xl font-semibold text-slate-100 tabular-nums">{adStats[key]}</dd>
            </dl>
            <div className={`rounded-lg p-2.5 ${tone}`} aria-hidden="true">
              <Icon className="size-5" />
            </div>
          </Panel>
        ))}
      </div>
    </section>
  );
}
