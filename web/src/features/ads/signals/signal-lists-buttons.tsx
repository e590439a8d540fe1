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
function ListButton(props: {
  label: string;
  icon: ReactNode;
  Dialog: ComponentType<{ onClose: () => void }>;
  /** An icon below 1280 px (the name kept for assistive technology), so the header keeps one row at 1024 px. */
  iconBelowXl?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { Dialog } = props;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={props.icon}
        onClick={() => setOpen(true)}
        {...(props.iconBelowXl ? { title: props.label, className: 'max-xl:px-2' } : {})}
      >
        {props.iconBelowXl ? <span className="max-xl:sr-only">{props.label}</span> : props.label}
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
      <ListButton
        label="Queues"
        icon={<Inbox className="size-4" aria-hidden="true" />}
        Dialog={QueuesDialog}
        iconBelowXl
      />
    </>
  );
}
