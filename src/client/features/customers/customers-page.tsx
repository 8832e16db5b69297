import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function CustomersPage() {
  return <PlaceholderPage title="Kunder" />;
}
