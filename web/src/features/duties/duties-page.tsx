import { PageHeader } from '../../components/ui';

export function DutiesPage() {
  return <PageHeader title="Duties and Responsibilities" />;
}
