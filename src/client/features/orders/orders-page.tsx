import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function OrdersPage() {
  return <PlaceholderPage title="Ordrer" />;
}
