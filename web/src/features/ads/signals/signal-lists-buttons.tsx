import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Inbox, MessageSquareWarning, PhoneOff } from 'lucide-react';
import { Button } from '../../../components/ui';

const BlockedPhonesDialog = lazy(() =>
  import('./blocked-phones-dialog').then((m) => ({ default: m.BlockedPhonesDialog })),
);
const RiskyPhrasesDialog = lazy(() =>
  import('./risky-phrases-dialog').then((m) => ({ default: m.RiskyPhrasesDialog })),
);
const QueuesDialog = lazy(() => import('./queues-dialog').then((m) => ({ default: m.QueuesDialog })));

/** A header button opening one of the lists admins manage (loaded with its dialog only). */
function ListButton(props: { label: string; icon: ReactNode; Dialog: ComponentType<{ onClose: () => void }> }) {
  const [open, setOpen] = useState(false);
  const { Dialog } = props;
  return (
    <>
      <Button variant="ghost" size="sm" icon={props.icon} onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <Dialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The lists admins manage, from the ads directory's header: the phone blocklist and the risky
 * phrases (trust signals), and the queue names that rules route ads to.
 */
export function SignalListsButtons() {
  return (
    <>
      <ListButton
        label="Blocked numbers"
        icon={<PhoneOff className="size-4" aria-hidden="true" />}
        Dialog={BlockedPhonesDialog}
      />
      <ListButton
        label="Risky phrases"
        icon={<MessageSquareWarning className="size-4" aria-hidden="true" />}
        Dialog={RiskyPhrasesDialog}
      />
      <ListButton label="Queues" icon={<Inbox className="size-4" aria-hidden="true" />} Dialog={QueuesDialog} />
    </>
  );
}
