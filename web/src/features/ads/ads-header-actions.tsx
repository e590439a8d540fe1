import { Link } from 'react-router';
import { liveText } from '@backoffice/contract';
import { Keyboard, ListChecks, UserCheck } from 'lucide-react';
import { Button, cx, focusRing } from '../../components/ui';
import { paths } from '../../lib/paths';
import { SignalListsButtons } from './signals/signal-lists-buttons';

// Below 1280 px the two links are icons (their names stay for assistive technology): the header
// keeps one row of actions at 1024 px, so five rows of ads still show under it.
const linkClass = cx(
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium xl:px-3 text-slate-300 transition-colors hover:bg-slate-800 hover:text-slate-100',
  focusRing,
);

/**
 * The ads directory's header: the moderation rules and second review screens (docs/decisions/0030-moderation-rules.md),
 * the phone blocklist and the risky phrases, and the keyboard shortcuts (`?`).
 */
export function AdsHeaderActions({ onShortcuts }: { onShortcuts: () => void }) {
  return (
    <>
      <Link to={paths.rules} className={linkClass} title="Rules">
        <ListChecks className="size-4" aria-hidden="true" />
        <span className="max-xl:sr-only">Rules</span>
      </Link>
      <Link to={paths.secondReview} className={linkClass} title="Second review">
        <UserCheck className="size-4" aria-hidden="true" />
        <span className="max-xl:sr-only">Second review</span>
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
