import { useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useGetSessionQuery } from '../../features/auth/auth-api';
import { HeaderBar } from './header-bar';
import { LiveIndicator } from './live-indicator';
import { useLiveEvents } from '../use-live-events';
import { Sidebar } from './sidebar';

/**
 * Dark admin shell: the sidebar (fixed from 1024 px, behind the header's menu button below), the
 * header bar with the full-screen toggle, and the scrollable main area (docs/product.md#overview).
 */
export function AppShell() {
  // Checks the server session on every mount; a 401 signs the client out (docs/decisions/0012-access-control.md) and the guard
  // then sends the visitor to /.
  const session = useGetSessionQuery(undefined, { refetchOnMountOrArgChange: true });
  // One event stream per signed-in session, once the session is known good; it closes on sign-out.
  useLiveEvents(session.isSuccess);

  const sidebarId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const [navOpen, setNavOpen] = useState(false);
  // Choosing an entry closes the menu.
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setNavOpen(false);
  }
  const closeNav = (returnFocus: boolean) => {
    setNavOpen(false);
    if (returnFocus) menuButton.current?.focus();
  };

  return (
    <div className="h-full bg-slate-950 text-slate-100">
      <Sidebar id={sidebarId} open={navOpen} onClose={closeNav} />
      {navOpen && (
        <div
          className="fixed inset-0 z-30 bg-slate-950/70 lg:hidden"
          aria-hidden="true"
          onClick={() => closeNav(false)}
        />
      )}
      <main className="fixed inset-y-0 right-0 left-0 overflow-y-auto lg:left-64">
        <HeaderBar
          sessionChecked={session.isSuccess}
          menu={{ open: navOpen, controls: sidebarId, onToggle: () => setNavOpen((o) => !o) }}
          menuButtonRef={menuButton}
        />
        <div className="mx-auto max-w-screen-2xl px-3 pt-4 pb-8 sm:px-6 lg:px-8 lg:pt-5">
          <Outlet />
        </div>
      </main>
      <LiveIndicator />
    </div>
  );
}
