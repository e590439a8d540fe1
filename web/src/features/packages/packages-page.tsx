import { PageHeader } from '../../components/ui';

export function PackagesPage() {
  return <PageHeader title="Package Management" />;
}
