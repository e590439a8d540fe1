import { Outlet } from 'react-router';
import { useGetSessionQuery } from '../../features/auth/auth-api';
import { FullscreenButton } from './fullscreen-button';
import { HeaderBar } from './header-bar';
import { LiveIndicator } from './live-indicator';
import { useLiveEvents } from '../live-events';
import { Sidebar } from './sidebar';

/** Dark admin shell: fixed sidebar, header bar, scrollable main area, fullscreen toggle (docs/product.md#overview, docs/product.md#screens-and-routes). */
export function AppShell() {
  // Checks the server session on every mount; a 401 signs the client out (docs/decisions/0012-access-control.md) and the guard
  // then sends the visitor to /.
  const session = useGetSessionQuery(undefined, { refetchOnMountOrArgChange: true });
  // One event stream per signed-in session, once the session is known good; it closes on sign-out.
  useLiveEvents(session.isSuccess);

  return (
    <div className="h-full bg-slate-950 text-slate-100">
      <Sidebar />
      <main className="fixed inset-y-0 right-0 left-64 overflow-y-auto">
        <HeaderBar sessionChecked={session.isSuccess} />
        {/* The bottom padding keeps the floating full-screen button clear of the last controls (a pager). */}
        <div className="mx-auto max-w-screen-2xl px-8 pt-8 pb-28">
          <Outlet />
        </div>
      </main>
      <FullscreenButton />
      <LiveIndicator />
    </div>
  );
}
