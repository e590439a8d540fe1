import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bell, Search } from 'lucide-react';
import { dashboardText } from '@backoffice/contract';
import { cx, focusRing, inputClass } from '../../components/ui';
import { useGetNotificationsQuery } from '../../features/notifications/notifications-api';
import { hasUnread, selectLastSeenAt } from '../../features/notifications/notifications-slice';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../hooks';

/** How often the bell asks whether something new arrived. */
export const BELL_POLL_MS = 60_000;

/** Up to two initials from the display name ("Ruwan Jayasinghe" → "RJ", "admin" → "AD"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  return (words[0] ?? '?').slice(0, 2).toUpperCase();
}

/**
 * The bar above every screen (docs/product.md#dashboard): a search box that opens the ads directory
 * searching the text, the notifications bell (dot only when something is unread) and the
 * signed-in admin's badge.
 */
export function HeaderBar({ sessionChecked = true }: { sessionChecked?: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const user = useAppSelector((s) => s.user.currentUser);
  const lastSeenAt = useAppSelector((s) => selectLastSeenAt(s, user?._id));
  // The bell asks only once the shell's session check has passed (no burst of 401s).
  const feed = useGetNotificationsQuery(undefined, { pollingInterval: BELL_POLL_MS, skip: !user || !sessionChecked });
  const unread = hasUnread(feed.data?.notifications ?? [], lastSeenAt, user?._id);
  const displayName = user ? user.name?.trim() || user.username : '';

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    navigate(q ? `${paths.adsDirectory}?q=${encodeURIComponent(q)}` : paths.adsDirectory);
  }

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-4 border-b border-slate-800 bg-slate-950/90 px-8 backdrop-blur">
      <form role="search" onSubmit={submit} className="relative w-full max-w-md">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={dashboardText.searchPlaceholder}
          aria-label="Search the ads directory"
          maxLength={200}
          className={cx(inputClass, 'pl-9')}
        />
      </form>
      <div className="ml-auto flex items-center gap-4">
        <Link
          to={paths.notifications}
          aria-label={unread ? 'Notifications (unread)' : 'Notifications'}
          className={cx(
            'relative rounded-lg p-2 text-slate-400 transition-colors hover:bg-slate-800 hover:text-slate-100',
            focusRing,
          )}
        >
          <Bell className="size-5" aria-hidden="true" />
          {unread && (
            <span
              data-testid="unread-dot"
              className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-rose-500 ring-2 ring-slate-950"
              aria-hidden="true"
            />
          )}
        </Link>
        {user && (
          <div className="flex items-center gap-3" aria-label={`Signed in as ${displayName}`} role="group">
            <span
              className="flex size-9 items-center justify-center rounded-full bg-indigo-500/20 text-sm font-semibold text-indigo-200 ring-1 ring-indigo-500/40"
              aria-hidden="true"
            >
              {initialsOf(displayName)}
            </span>
            <span className="text-sm font-medium text-slate-200">{displayName}</span>
          </div>
        )}
      </div>
    </header>
  );
}
