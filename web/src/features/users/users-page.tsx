import { PageHeader } from '../../components/ui';

export function UsersPage() {
  return <PageHeader title="User Management" />;
}
