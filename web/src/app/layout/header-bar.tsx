import { useState, type FormEvent, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bell, Menu, Search } from 'lucide-react';
import { dashboardText } from '@backoffice/contract';
import { cx, focusRing, inputClass } from '../../components/ui';
import { useGetNotificationsQuery } from '../../features/notifications/notifications-api';
import { hasUnread, selectLastSeenAt } from '../../features/notifications/notifications-slice';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../hooks';
import { FullscreenButton } from './fullscreen-button';
import { UserMenu } from './user-menu';

/** How often the bell asks whether something new arrived. */
export const BELL_POLL_MS = 60_000;

export { initialsOf } from './user-menu';

export interface HeaderMenu {
  open: boolean;
  /** The sidebar's id. */
  controls: string;
  onToggle: () => void;
}

/**
 * The bar above every screen (docs/product.md#overview): under 1024 px the menu button that opens
 * the sidebar, a search box that opens the ads directory searching the text, the notifications bell
 * (dot only when something is unread), the full-screen toggle and the signed-in admin's badge, which opens their self-service menu.
 */
export function HeaderBar({
  sessionChecked = true,
  menu,
  menuButtonRef,
}: {
  sessionChecked?: boolean;
  menu?: HeaderMenu;
  /** The menu button, to give the focus back to when the sidebar closes. */
  menuButtonRef?: Ref<HTMLButtonElement>;
}) {
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
    <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-slate-800 bg-slate-950/90 px-3 backdrop-blur sm:gap-4 sm:px-6 lg:px-8">
      {menu && (
        <button
          ref={menuButtonRef}
          type="button"
          aria-label="Menu"
          aria-expanded={menu.open}
          aria-controls={menu.controls}
          onClick={menu.onToggle}
          className={cx(
            'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-300 transition-colors hover:bg-slate-800 hover:text-slate-100 lg:hidden',
            focusRing,
          )}
        >
          <Menu className="size-5" aria-hidden="true" />
        </button>
      )}
      <form role="search" onSubmit={submit} className="relative w-full max-w-md min-w-0">
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
      <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-3">
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
        <FullscreenButton />
        {user && (
          // The badge opens the admin's self-service menu: Account, Sessions, Sign out (issue 36.4).
          <div role="group" aria-label={`Signed in as ${displayName}`}>
            <UserMenu displayName={displayName} />
          </div>
        )}
      </div>
    </header>
  );
}
