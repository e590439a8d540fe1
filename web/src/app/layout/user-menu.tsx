import { useState } from 'react';
import { useNavigate } from 'react-router';
import { KeyRound, LogOut, MonitorSmartphone } from 'lucide-react';
import { cx, focusRing } from '../../components/ui';
import { useRadix } from '../../components/ui/radix-loader';
import type { RowMenuItem } from '../../components/ui';
import { paths } from '../../lib/paths';
import { useSignOut } from './use-sign-out';

/** Up to two initials from the display name ("Ruwan Jayasinghe" → "RJ", "admin" → "AD"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  return (words[0] ?? '?').slice(0, 2).toUpperCase();
}

/** The Account page's sessions section (its id). */
export const SESSIONS_ANCHOR = 'sessions';

const triggerClass = cx(
  'flex items-center gap-3 rounded-lg py-1 pr-2 pl-1 hover:bg-slate-800 data-[state=open]:bg-slate-800',
  focusRing,
);

/**
 * The header's user badge (issue 36.4): a button opening the admin's self-service menu, Account,
 * Sessions and Sign out. Named by its text, so the visible name is part of the accessible one
 * (axe's label-content-name-mismatch). Until the menu's code has loaded it is a plain button; a
 * press on it opens the menu once loaded (as the row menus do).
 */
export function UserMenu({ displayName }: { displayName: string }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const radix = useRadix();
  const [pressed, setPressed] = useState(false);
  const items: RowMenuItem[] = [
    {
      label: 'Account',
      icon: <KeyRound className="size-4" aria-hidden="true" />,
      onSelect: () => navigate(paths.account),
    },
    {
      label: 'Sessions',
      icon: <MonitorSmartphone className="size-4" aria-hidden="true" />,
      onSelect: () => navigate(`${paths.account}#${SESSIONS_ANCHOR}`),
    },
    {
      label: 'Sign out',
      tone: 'danger',
      icon: <LogOut className="size-4" aria-hidden="true" />,
      onSelect: () => void signOut(),
    },
  ];
  const content = (
    <>
      <span className="sr-only">Your account: </span>
      <span
        className="flex size-9 items-center justify-center rounded-full bg-indigo-500/20 text-sm font-semibold text-indigo-200 ring-1 ring-indigo-500/40"
        aria-hidden="true"
      >
        {initialsOf(displayName)}
      </span>
      <span className="text-sm font-medium text-slate-200 max-md:sr-only">{displayName}</span>
    </>
  );
  if (radix)
    return (
      <radix.RadixMenuButton items={items} triggerClassName={triggerClass} initiallyOpen={pressed}>
        {content}
      </radix.RadixMenuButton>
    );
  return (
    <button type="button" aria-haspopup="menu" className={triggerClass} onClick={() => setPressed(true)}>
      {content}
    </button>
  );
}
