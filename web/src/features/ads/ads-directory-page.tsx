import { PageHeader } from '../../components/ui';

export function AdsDirectoryPage() {
  return <PageHeader title="Submitted Ads Directory" />;
}
