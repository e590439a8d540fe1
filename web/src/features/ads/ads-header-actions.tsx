import { liveText } from '@backoffice/contract';
import { Keyboard } from 'lucide-react';
import { Button } from '../../components/ui';
import { SignalListsButtons } from './signals/signal-lists-buttons';

/** The ads directory's header buttons: the phone blocklist and the risky phrases, and the keyboard shortcuts (`?`). */
export function AdsHeaderActions({ onShortcuts }: { onShortcuts: () => void }) {
  return (
    <>
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
