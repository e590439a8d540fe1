import { BellOff } from 'lucide-react';
import { PageHeader, Placeholder } from '../../components/ui';

export function NotificationsPage() {
  return (
    <>
      <PageHeader title="Common Notification" />
      <Placeholder icon={<BellOff className="size-10" />}>No notifications yet.</Placeholder>
    </>
  );
}
