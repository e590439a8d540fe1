import { liveText } from '@backoffice/contract';
import { Hourglass, Keyboard } from 'lucide-react';
import { Button } from '../../components/ui';

/** The directory's review helpers: the oldest-first queue and the list of shortcuts. */
export function ReviewActions(props: { oldestFirst: boolean; onOldestFirst: () => void; onShortcuts: () => void }) {
  return (
    <>
      <Button
        variant="secondary"
        icon={<Hourglass className="size-4" aria-hidden="true" />}
        aria-pressed={props.oldestFirst}
        onClick={props.onOldestFirst}
      >
        {liveText.pendingOldestFirst}
      </Button>
      <Button
        variant="ghost"
        icon={<Keyboard className="size-4" aria-hidden="true" />}
        aria-keyshortcuts="?"
        onClick={props.onShortcuts}
      >
        {liveText.shortcuts}
      </Button>
    </>
  );
}
