import { lazy, Suspense, useState } from 'react';
import { PhoneOff } from 'lucide-react';
import { Button } from '../../../components/ui';

const BlockedPhonesDialog = lazy(() =>
  import('./blocked-phones-dialog').then((m) => ({ default: m.BlockedPhonesDialog })),
);

/** Opens the phone blocklist (loaded with the dialog only), from the ads directory's header. */
export function BlockedPhonesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<PhoneOff className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        Blocked numbers
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BlockedPhonesDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
