import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function TodosPage() {
  return <PlaceholderPage title="Todo" />;
}
