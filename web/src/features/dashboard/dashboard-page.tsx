import { PageHeader } from '../../components/ui';

export function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}
