import { Link } from 'react-router';
import { liveText } from '@backoffice/contract';
import { Keyboard, ListChecks, UserCheck } from 'lucide-react';
import { Button, cx, focusRing } from '../../components/ui';
import { paths } from '../../lib/paths';
import { SignalListsButtons } from './signals/signal-lists-buttons';

const linkClass = cx(
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-300 transition-colors hover:bg-slate-800 hover:text-slate-100',
  focusRing,
);

/**
 * The ads directory's header: the moderation rules and second review screens (docs/decisions/0030-moderation-rules.md),
 * the phone blocklist and the risky phrases, and the keyboard shortcuts (`?`).
 */
export function AdsHeaderActions({ onShortcuts }: { onShortcuts: () => void }) {
  return (
    <>
      <Link to={paths.rules} className={linkClass}>
        <ListChecks className="size-4" aria-hidden="true" />
        Rules
      </Link>
      <Link to={paths.secondReview} className={linkClass}>
        <UserCheck className="size-4" aria-hidden="true" />
        Second review
      </Link>
      <SignalListsButtons />
      <Button
        variant="ghost"
        size="sm"
        icon={<Keyboard className="size-4" aria-hidden="true" />}
        aria-keyshortcuts="?"
        className="max-md:hidden"
        onClick={onShortcuts}
      >
        {liveText.shortcuts}
      </Button>
    </>
  );
}
