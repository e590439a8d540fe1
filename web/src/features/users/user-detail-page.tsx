import { PageHeader } from '../../components/ui';

export function UserDetailPage() {
  return <PageHeader title="User Details" />;
}
