import { useDispatch } from 'react-redux';
import { NavLink, useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { Logo, cx, focusRing } from '../../components/ui';
import { signOut } from '../../features/auth/user-slice';
import { baseApi } from '../../lib/api';
import { paths } from '../../lib/paths';
import { navItems } from './nav-items';

/** GET /api/user/signout; failures are ignored (docs/product.md#calls, docs/product.md#error-catalogue). */
async function requestSignOut() {
  try {
    await fetch('/api/user/signout', { credentials: 'include' });
  } catch {
    // Logout errors are ignored: the session is cleared locally either way.
  }
}

/** Fixed 16rem sidebar: logo, the nine entries, Logout at the bottom (docs/product.md#overview). */
export function Sidebar() {
  const dispatch = useDispatch();
  const navigate = useNavigate();

  async function handleLogout() {
    await requestSignOut();
    dispatch(signOut());
    // Forget cached admin data so nothing of this session is shown to the next user.
    dispatch(baseApi.util.resetApiState());
    navigate(paths.signIn, { replace: true });
  }

  return (
    <aside className="fixed inset-y-0 left-0 z-30 flex w-64 flex-col border-r border-slate-800 bg-slate-900">
      <div className="flex h-16 shrink-0 items-center border-b border-slate-800 px-5">
        <NavLink to={paths.dashboard} className={cx('rounded-lg', focusRing)}>
          <Logo />
        </NavLink>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {navItems.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cx(
                    'relative flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    focusRing,
                    isActive
                      ? 'bg-indigo-500/15 text-indigo-300 before:absolute before:inset-y-1.5 before:left-0 before:w-[3px] before:rounded-full before:bg-indigo-400'
                      : 'text-slate-400 hover:bg-slate-800/60 hover:text-slate-100',
                  )
                }
              >
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="shrink-0 border-t border-slate-800 p-3">
        <button
          type="button"
          onClick={handleLogout}
          className={cx(
            'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-400 transition-colors',
            'hover:bg-rose-500/10 hover:text-rose-300',
            focusRing,
          )}
        >
          <LogOut className="size-5 shrink-0" aria-hidden="true" />
          Logout
        </button>
      </div>
    </aside>
  );
}
