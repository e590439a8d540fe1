import { PageHeader } from '../../components/ui';

export function BannersPage() {
  return <PageHeader title="Banner Ads" />;
}
