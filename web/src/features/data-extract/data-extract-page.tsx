import { Database } from 'lucide-react';
import { PageHeader, Placeholder } from '../../components/ui';

export function DataExtractPage() {
  return (
    <>
      <PageHeader title="Data Extract" />
      <Placeholder icon={<Database className="size-10" />}>This section is coming soon.</Placeholder>
    </>
  );
}
