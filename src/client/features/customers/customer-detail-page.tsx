import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function CustomerDetailPage() {
  return <PlaceholderPage title="Kunde" />;
}
