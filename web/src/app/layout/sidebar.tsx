import { useEffect, useRef, type FocusEvent } from 'react';
import { NavLink } from 'react-router';
import { LogOut, X } from 'lucide-react';
import { IconButton, Logo, cx, focusRing } from '../../components/ui';
import { paths } from '../../lib/paths';
import { navItems } from './nav-items';
import { useSignOut } from './use-sign-out';

export interface SidebarProps {
  id?: string;
  /** Under 1024 px: shown over the page (the header's menu button opens it). */
  open?: boolean;
  /** Escape, the close button or focus leaving it; `returnFocus` sends the focus back to the menu button. */
  onClose?: (returnFocus: boolean) => void;
}

/**
 * The 16rem sidebar: logo, the nine entries, Logout at the bottom (docs/product.md#overview). Fixed
 * from 1024 px; below, hidden (and out of the tab order) until the header's menu button opens it
 * over the page. Open, it takes the focus; Escape or its close button closes it and gives the focus
 * back to the menu button, and tabbing out of it closes it.
 */
export function Sidebar({ id, open = false, onClose }: SidebarProps) {
  const handleLogout = useSignOut();
  const aside = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    aside.current?.querySelector<HTMLElement>('nav a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current?.(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) onClose?.(false);
  }

  return (
    <aside
      ref={aside}
      id={id}
      aria-label="Sidebar"
      onBlur={onBlur}
      className={cx(
        'fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] flex-col border-r border-slate-800 bg-slate-900 lg:w-64',
        'duration-200 lg:visible lg:translate-x-0',
        // Opening shows it at once (so it can take the focus); closing hides it after the slide.
        open
          ? 'visible translate-x-0 shadow-2xl shadow-black/50 transition-[translate]'
          : 'invisible -translate-x-full transition-[translate,visibility]',
      )}
    >
      <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-800 px-5">
        <NavLink to={paths.dashboard} className={cx('rounded-lg', focusRing)}>
          <Logo />
        </NavLink>
        <IconButton aria-label="Close menu" className="-mr-2 lg:hidden" onClick={() => onClose?.(true)}>
          <X className="size-5" aria-hidden="true" />
        </IconButton>
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
