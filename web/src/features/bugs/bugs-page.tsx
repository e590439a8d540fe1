import { Bug } from 'lucide-react';
import { PageHeader, Placeholder } from '../../components/ui';

export function BugsPage() {
  return (
    <>
      <PageHeader title="Bug Reports" />
      <Placeholder icon={<Bug className="size-10" />}>This section is coming soon.</Placeholder>
    </>
  );
}
